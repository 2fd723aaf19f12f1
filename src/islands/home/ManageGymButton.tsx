import { useEffect, useRef, useState } from "react";
import { homeTexts } from "../../common/home-texts";
import { claimTexts, manageHref } from "../../common/schemas/claims";
import { SignInDialog } from "../lib/SignInDialog";
import { ClaimDialog } from "./ClaimDialog";
import { useOwnership } from "./queries/claims";

interface ManageGymButtonProps {
  schoolId: number;
  slug: string;
  gym: string;
  signedIn: boolean;
}

/**
 * 'Manage this gym' (issue 21): a link to the manage page for the gym's owners and admins;
 * for other members the claim dialog; for a guest, a prompt to sign in. Whether the viewer
 * manages the gym is asked after hydration, so the server's HTML is the same for everyone.
 */
export function ManageGymButton({ schoolId, slug, gym, signedIn }: ManageGymButtonProps) {
  const ownership = useOwnership(schoolId, signedIn);
  const [open, setOpen] = useState(false);
  // An approval turns the button into the link while the dialog is open: focus comes back to it.
  const trigger = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  useEffect(() => {
    if (!open && document.activeElement === document.body) trigger.current?.focus();
  }, [open]);
  return (
    <>
      {ownership.data?.manage ? (
        <a ref={trigger} className="button button-ghost manage-gym" href={manageHref(slug)}>
          {claimTexts.manage}
        </a>
      ) : (
        <button
          ref={trigger}
          type="button"
          className="button button-ghost manage-gym"
          onClick={() => setOpen(true)}
        >
          {claimTexts.manage}
        </button>
      )}
      {open &&
        (signedIn ? (
          <ClaimDialog
            schoolId={schoolId}
            slug={slug}
            gym={gym}
            waiting={ownership.data?.claim?.status === "pending"}
            onClose={() => setOpen(false)}
          />
        ) : (
          <SignInDialog
            title={homeTexts.signInRequiredTitle}
            text={claimTexts.signInText}
            onClose={() => setOpen(false)}
          />
        ))}
    </>
  );
}
