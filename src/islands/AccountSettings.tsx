import { type FormEvent, useRef, useState } from "react";
import type * as v from "valibot";
import { flashToast, showToast } from "../client/toast";
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  changeUsernameSchema,
  deleteAccountSchema,
} from "../common/schemas/account";
import type { ShowGoing } from "../common/schemas/going";
import { accountDeletedToastTitle } from "../common/schemas/privacy-texts";
import { BlockedMembersCard } from "./account/BlockedMembersCard";
import { CalendarCard } from "./account/CalendarCard";
import { GoingPrivacyCard } from "./going/GoingPrivacyCard";
import { ApiError, apiRequest } from "./lib/api";
import { Field } from "./lib/Field";
import { type FieldErrors, formValues, validate } from "./lib/form";
import { MessageMailCard } from "./messages/MessageMailCard";

export interface AccountSettingsProps {
  username: string;
  email: string;
  emailVerified: boolean;
  /** An address asked for on the e-mail card whose link has not been opened yet. */
  pendingEmail: string | null;
  /** Whether a message left unread for an hour may be e-mailed (the Message Emails card). */
  emailUnreadMessages: boolean;
  /** Who may see the member's name among those going to an open mat (the Going card). */
  showGoing: ShowGoing;
}

type FieldSpec = CardSpec["fields"][number];

/** Username, e-mail and deletion ask for the password again (the password card has its own). */
const currentPasswordField: FieldSpec = {
  label: "Current Password",
  name: "currentPassword",
  type: "password",
  autoComplete: "current-password",
};

/** A wrong current password is shown at its field; other refusals under the form. */
function serverErrors(message: string): FieldErrors {
  return message === accountMessages.currentPasswordWrong ? { currentPassword: message } : { form: message };
}

interface CardSpec {
  id: string;
  title: string;
  path: string;
  schema: v.GenericSchema;
  failure: string;
  /** Username and e-mail changes reload so the page shows the new value (or the pending address). */
  reload: boolean;
  fields: { label: string; name: string; type?: "text" | "email" | "password"; autoComplete?: string }[];
}

const cards: CardSpec[] = [
  {
    id: "password",
    title: "Change Password",
    path: "/api/account/change-password",
    schema: changePasswordSchema,
    failure: "Password change failed",
    reload: false,
    fields: [
      {
        label: "Current Password",
        name: "currentPassword",
        type: "password",
        autoComplete: "current-password",
      },
      { label: "New Password", name: "newPassword", type: "password", autoComplete: "new-password" },
      {
        label: "Confirm New Password",
        name: "confirmPassword",
        type: "password",
        autoComplete: "new-password",
      },
    ],
  },
  {
    id: "username",
    title: "Change Username",
    path: "/api/account/change-username",
    schema: changeUsernameSchema,
    failure: "Username change failed",
    reload: true,
    fields: [
      { label: "New Username", name: "newUsername", autoComplete: "username" },
      { label: "Confirm Username", name: "confirmUsername", autoComplete: "off" },
      currentPasswordField,
    ],
  },
  {
    id: "email",
    title: "Change Email",
    path: "/api/account/change-email",
    schema: changeEmailSchema,
    failure: "Email change failed",
    reload: true,
    fields: [
      { label: "New Email", name: "newEmail", type: "email", autoComplete: "email" },
      { label: "Confirm Email", name: "confirmEmail", type: "email", autoComplete: "off" },
      currentPasswordField,
    ],
  },
];

function AccountCard({ card }: { card: CardSpec }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validate(card.schema, formValues(form));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      const { message } = await apiRequest<{ message: string }>("POST", card.path, checked.data);
      form.reset();
      if (card.reload) {
        // The toast is shown by the reloaded page.
        flashToast({ title: card.title, description: message });
        location.reload();
      } else showToast({ title: card.title, description: message });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : `Failed to ${card.title.toLowerCase()}`;
      showToast({ title: card.failure, description: message, variant: "destructive" });
      setErrors(serverErrors(message));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby={`${card.id}-title`}>
      <h2 id={`${card.id}-title`}>{card.title}</h2>
      {card.fields.map((f) => (
        <Field key={f.name} {...f} error={errors[f.name]} />
      ))}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Saving..." : card.title}
      </button>
    </form>
  );
}

function DeleteAccountCard() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function confirmDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(deleteAccountSchema, formValues(event.currentTarget));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      const { message } = await apiRequest<{ message: string }>(
        "DELETE",
        "/api/account/delete",
        checked.data,
      );
      // Issue 23: / says the account is gone rather than nothing at all.
      flashToast({ title: accountDeletedToastTitle, description: message || accountMessages.accountDeleted });
      location.assign("/");
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "Failed to delete account";
      showToast({ title: "Account deletion failed", description: message, variant: "destructive" });
      setErrors(serverErrors(message));
      setPending(false);
    }
  }

  function close() {
    dialog.current?.close();
    setErrors({});
  }

  return (
    <section className="card card-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete Account</h2>
      <p>Permanently remove your account and everything in it.</p>
      <button type="button" className="button button-danger" onClick={() => dialog.current?.showModal()}>
        Delete Account
      </button>
      <dialog
        ref={dialog}
        className="modal"
        aria-labelledby="delete-confirm-title"
        aria-describedby="delete-confirm-text"
        onClose={() => setErrors({})}
      >
        <h2 id="delete-confirm-title">Are you absolutely sure?</h2>
        <p id="delete-confirm-text">
          This action cannot be undone. This will permanently remove your account and your data from our
          servers.
        </p>
        <form onSubmit={confirmDelete} noValidate aria-label="Confirm account deletion">
          <Field {...currentPasswordField} error={errors.currentPassword} />
          {errors.form && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button button-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button button-danger" disabled={pending}>
              {pending ? "Deleting..." : "Delete Account"}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}

/** The note for an address not confirmed yet, with its 'Send the link again' button. */
function VerificationNote() {
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    try {
      const { message } = await apiRequest<{ message: string }>("POST", "/api/account/resend-verification");
      showToast({ title: "Check your email", description: message });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "Failed to send the link";
      showToast({ title: "Sending failed", description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="notice account-verify">
      <p>{accountMessages.emailNotVerified}</p>
      <button type="button" className="button" onClick={resend} disabled={pending}>
        {pending ? "Sending..." : "Send the link again"}
      </button>
    </div>
  );
}

/** The account page's four cards (spec §2 "Account page"). */
export default function AccountSettings({
  username,
  email,
  emailVerified,
  pendingEmail,
  emailUnreadMessages,
  showGoing,
}: AccountSettingsProps) {
  return (
    <div className="account-grid">
      <p className="muted account-who">
        Signed in as <strong>{username}</strong> {`(${email})`}
      </p>
      {!emailVerified && <VerificationNote />}
      {pendingEmail && (
        <p className="notice">
          A confirmation link was sent to <strong>{pendingEmail}</strong>. Your email changes when you open
          it.
        </p>
      )}
      {cards.map((card) => (
        <AccountCard key={card.id} card={card} />
      ))}
      <MessageMailCard emailUnreadMessages={emailUnreadMessages} />
      <CalendarCard />
      <GoingPrivacyCard showGoing={showGoing} />
      <BlockedMembersCard />
      <DeleteAccountCard />
    </div>
  );
}
