import { useEffect, useState } from "react";
import { Icon } from "../pages/layout/icons";
import { OPEN_SUBMIT_EVENT, takePendingSubmit } from "./submit/pending-submit";
import { SubmitOpenMatDialog } from "./submit/SubmitOpenMatDialog";
import { submitTexts } from "./submit/texts";
import { PageQueries } from "./users/PageQueries";

/**
 * The header's 'Submit New Open Mat' (members only, spec §2 and §6) and its modal. The side
 * menu's 'Submit an Open Mat' opens the same modal through OPEN_SUBMIT_EVENT; a guest who
 * chose it signed in first, and the modal opens here on the page after sign-in.
 */
export function SubmitOpenMatView() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (takePendingSubmit()) setOpen(true);
    const openForm = () => setOpen(true);
    document.addEventListener(OPEN_SUBMIT_EVENT, openForm);
    return () => document.removeEventListener(OPEN_SUBMIT_EVENT, openForm);
  }, []);
  return (
    <>
      <button
        type="button"
        className="button button-ghost header-button header-submit"
        onClick={() => setOpen(true)}
      >
        <Icon name="plus" />
        <span className="header-button-label">{submitTexts.title}</span>
      </button>
      {open && <SubmitOpenMatDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The island takes no props; the header renders it for members only (spec §2). */
export default function SubmitOpenMat(_props: Record<string, never>) {
  return (
    <PageQueries>
      <SubmitOpenMatView />
    </PageQueries>
  );
}
