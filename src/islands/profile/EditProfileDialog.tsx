import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { flashToast, showToast } from "../../client/toast";
import { beltLevels, limits } from "../../common/limits";
import { updateProfileSchema, userMessages } from "../../common/schemas/users";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import type { FieldErrors } from "../lib/form";
import { validate } from "../lib/form";
import { Avatar } from "../users/Avatar";
import {
  type ProfileFlags,
  type ProfileValues,
  photoProblem,
  profileFields,
  profileFlags,
  profilePatch,
  SaveError,
  saveProfile,
} from "./save-profile";

export interface EditProfileProps {
  username: string;
  /** The owner's own values, all of them (the owner sees every field). */
  profile: {
    profilePhoto: string | null;
    beltLevel: string | null;
    aboutMe: string | null;
    city: string | null;
    homeGym: string | null;
  };
  settings: ProfileFlags;
}

/** After a save the page is rendered again, so the profile and the header show the new values. */
function reloadWithToast() {
  flashToast({ title: userMessages.profileSaved });
  location.reload();
}

/** The owner's 'Edit Profile' button and its dialog (spec §2 "Edit Profile dialog"). */
export function EditProfileButton({
  onSaved = reloadWithToast,
  ...props
}: EditProfileProps & { onSaved?(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Edit Profile
      </button>
      {open && (
        <EditProfileDialog
          {...props}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      )}
    </>
  );
}

interface DialogProps extends EditProfileProps {
  onClose(): void;
  onSaved(): void;
}

function EditProfileDialog({ username, profile, settings, onClose, onSaved }: DialogProps) {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [aboutLength, setAboutLength] = useState((profile.aboutMe ?? "").length);
  const [pending, setPending] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setPreview(null);
    if (!file) return setPhoto(null);
    const problem = photoProblem(file);
    if (problem) {
      event.target.value = "";
      setPhoto(null);
      setErrors((e) => ({ ...e, photo: problem }));
      return;
    }
    setErrors(({ photo: _, ...rest }) => rest);
    setPhoto(file);
    if (typeof URL.createObjectURL === "function") setPreview(URL.createObjectURL(file));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const el = event.currentTarget;
    const data = new FormData(el);
    const values = Object.fromEntries(
      profileFields.map((f) => [f, String(data.get(f) ?? "")]),
    ) as ProfileValues;
    const before = Object.fromEntries(profileFields.map((f) => [f, profile[f] ?? ""])) as ProfileValues;
    const checked = validate(updateProfileSchema, profilePatch(values, before));
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = profileFields.find((f) => checked.errors[f]);
      if (first) (el.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    const flags = Object.fromEntries(
      profileFlags.map((f) => [f, (el.elements.namedItem(f) as HTMLInputElement).checked]),
    ) as ProfileFlags;
    setErrors({});
    setPending(true);
    try {
      await saveProfile({ photo, profile: checked.data, settings: flags });
      el.reset();
      setPhoto(null);
      setPending(false);
      onSaved();
    } catch (error) {
      setPending(false);
      const failure =
        error instanceof SaveError ? error : new SaveError("profile", userMessages.profileFailed);
      showToast({
        title: failure.stage === "upload" ? "Upload failed" : "Error",
        description: failure.message,
        variant: "destructive",
      });
      setErrors({
        form:
          failure.detail && failure.detail !== failure.message
            ? `${failure.message}: ${failure.detail}`
            : failure.message,
      });
    }
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="edit-profile">
      <h2 id={titleId}>Edit Profile</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <PhotoField
          username={username}
          current={profile.profilePhoto}
          preview={preview}
          error={errors.photo}
          onChange={choosePhoto}
        />
        <Row flag="showBeltLevel" what="belt level" defaultChecked={settings.showBeltLevel}>
          {(id, describedBy) => (
            <>
              <label htmlFor={id}>Belt Level</label>
              <select
                id={id}
                name="beltLevel"
                defaultValue={profile.beltLevel ?? ""}
                aria-describedby={describedBy}
              >
                <option value="">Not set</option>
                {beltLevels.map((belt) => (
                  <option key={belt} value={belt}>
                    {belt}
                  </option>
                ))}
              </select>
            </>
          )}
        </Row>
        <Row flag="showAboutMe" what="about me" defaultChecked={settings.showAboutMe} error={errors.aboutMe}>
          {(id, describedBy) => (
            <>
              <label htmlFor={id}>About Me</label>
              <textarea
                id={id}
                name="aboutMe"
                rows={3}
                defaultValue={profile.aboutMe ?? ""}
                aria-invalid={errors.aboutMe ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => setAboutLength(event.target.value.length)}
              />
              <span className="char-count muted" aria-hidden="true">
                {aboutLength}/{limits.aboutMeMax}
              </span>
            </>
          )}
        </Row>
        <Row flag="showCity" what="city" defaultChecked={settings.showCity} error={errors.city}>
          {(id, describedBy) => (
            <>
              <label htmlFor={id}>City</label>
              <input
                id={id}
                name="city"
                autoComplete="address-level2"
                defaultValue={profile.city ?? ""}
                aria-invalid={errors.city ? true : undefined}
                aria-describedby={describedBy}
              />
            </>
          )}
        </Row>
        <Row flag="showHomeGym" what="home gym" defaultChecked={settings.showHomeGym} error={errors.homeGym}>
          {(id, describedBy) => (
            <>
              <label htmlFor={id}>Home Gym</label>
              <input
                id={id}
                name="homeGym"
                defaultValue={profile.homeGym ?? ""}
                aria-invalid={errors.homeGym ? true : undefined}
                aria-describedby={describedBy}
              />
            </>
          )}
        </Row>
        <Row flag="showBadgeCount" what="badge count" defaultChecked={settings.showBadgeCount}>
          {() => <span className="edit-profile-label">Badge Count</span>}
        </Row>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <DialogFormActions label="Save Changes" busyLabel="Saving..." busy={pending} />
      </form>
    </Modal>
  );
}

function PhotoField({
  username,
  current,
  preview,
  error,
  onChange,
}: {
  username: string;
  current: string | null;
  preview: string | null;
  error?: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="edit-profile-photo">
      {preview ? (
        <img className="avatar avatar-72" src={preview} alt="" width={72} height={72} />
      ) : (
        <Avatar username={username} photo={current} size={72} />
      )}
      <div className="field">
        <label htmlFor={id}>Profile Photo</label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hint} ${errorId}` : hint}
        />
        <p id={hint} className="muted field-hint">
          JPEG, PNG or WebP, up to 5 MB.
        </p>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** One profile field with its 'Show publicly' checkbox beside it. */
function Row({
  flag,
  what,
  defaultChecked,
  error,
  children,
}: {
  flag: (typeof profileFlags)[number];
  what: string;
  defaultChecked: boolean;
  error?: string;
  children(id: string, describedBy: string | undefined): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="edit-profile-row">
      <div className="field">
        {children(id, error ? errorId : undefined)}
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
      <label className="show-publicly">
        <input type="checkbox" name={flag} defaultChecked={defaultChecked} />
        Show publicly<span className="visually-hidden"> ({what})</span>
      </label>
    </div>
  );
}
