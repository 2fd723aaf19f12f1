import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { showToast } from "../../client/toast";
import {
  type OpenMatSubmissionInput,
  openMatSubmissionSchema,
  submissionMessages,
  weekdayNames,
} from "../../common/schemas/submission";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { Field } from "../lib/Field";
import { type FieldErrors, stillWrong, validate } from "../lib/form";
import { SchedulePreview } from "./SchedulePreview";
import { submitErrorText, submitOpenMat } from "./submit-api";
import { fieldLabels, submitTexts } from "./texts";

const dayLabels: Record<(typeof weekdayNames)[number], string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** What the form holds, as the API takes it: text fields and the seven day booleans. */
function readForm(form: HTMLFormElement): Record<string, string | boolean> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    gym: text("gym"),
    address: text("address"),
    dayAndTime: text("dayAndTime"),
    link: text("link"),
    communityNotes: text("communityNotes"),
    emailForConfirmation: text("emailForConfirmation"),
    ...Object.fromEntries(weekdayNames.map((day) => [day, data.get(day) !== null])),
  };
}

/**
 * 'Submit New Open Mat' (spec §2, §4 "Open mat submit", §5, §8): validated with the shared
 * schema; 'Submitting...' while pending; success toasts, resets and closes; failures give a
 * destructive Error toast and keep what was typed.
 */
export function SubmitOpenMatDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [schedule, setSchedule] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useMutation({ mutationFn: (input: OpenMatSubmissionInput) => submitOpenMat(input) });

  // Runs after the Modal (a child) has opened: start in the first field, not on the close button.
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>("input")?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const form = event.currentTarget;
    const result = validate(openMatSubmissionSchema, readForm(form));
    if (!result.ok) {
      setErrors(result.errors);
      // Focus the first field with an error so the message is read with it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setErrors({});
    submit.mutate(result.data, {
      onSuccess: () => {
        showToast({ title: submissionMessages.received });
        form.reset();
        setSchedule("");
        onClose();
      },
      onError: (error) => {
        showToast({
          title: submitTexts.errorTitle,
          description: submitErrorText(error),
          variant: "destructive",
        });
      },
    });
  }

  // Checked again as the member types, only to take away the errors they have fixed.
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!Object.values(errors).some(Boolean)) return;
    const result = validate(openMatSubmissionSchema, readForm(event.currentTarget));
    setErrors(stillWrong(errors, result.ok ? {} : result.errors));
  }

  const scheduleError = errors.dayAndTime;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="submit-open-mat">
      <h2 id={`${id}-title`}>{submitTexts.title}</h2>
      <form ref={formRef} onSubmit={onSubmit} onChange={onChange} noValidate aria-labelledby={`${id}-title`}>
        <Field label={fieldLabels.gym} name="gym" autoComplete="organization" error={errors.gym} />
        <Field
          label={fieldLabels.address}
          name="address"
          autoComplete="street-address"
          error={errors.address}
        />
        <div className="field">
          <label htmlFor={`${id}-schedule`}>{fieldLabels.dayAndTime}</label>
          <textarea
            id={`${id}-schedule`}
            name="dayAndTime"
            rows={3}
            value={schedule}
            placeholder="Saturday 11am-1pm, Sunday 10am"
            aria-invalid={scheduleError ? true : undefined}
            aria-describedby={`${scheduleError ? `${id}-schedule-error ` : ""}${id}-preview`}
            onChange={(event) => setSchedule(event.target.value)}
          />
          {scheduleError && (
            <p id={`${id}-schedule-error`} className="field-error">
              {scheduleError}
            </p>
          )}
        </div>
        <SchedulePreview id={`${id}-preview`} text={schedule} />
        <fieldset className="day-checkboxes">
          <legend>{submitTexts.daysLegend}</legend>
          {weekdayNames.map((day) => (
            <label key={day} className="checkbox">
              <input type="checkbox" name={day} />
              {dayLabels[day]}
            </label>
          ))}
        </fieldset>
        <Field label={fieldLabels.link} name="link" autoComplete="url" error={errors.link} />
        <div className="field">
          <label htmlFor={`${id}-notes`}>{fieldLabels.communityNotes}</label>
          <textarea
            id={`${id}-notes`}
            name="communityNotes"
            rows={3}
            aria-invalid={errors.communityNotes ? true : undefined}
            aria-describedby={errors.communityNotes ? `${id}-notes-error` : undefined}
          />
          {errors.communityNotes && (
            <p id={`${id}-notes-error`} className="field-error">
              {errors.communityNotes}
            </p>
          )}
        </div>
        <Field
          label={fieldLabels.emailForConfirmation}
          name="emailForConfirmation"
          type="email"
          autoComplete="email"
          error={errors.emailForConfirmation}
        />
        <DialogFormActions
          label={submitTexts.submit}
          busyLabel={submitTexts.submitting}
          busy={submit.isPending}
        />
      </form>
    </Modal>
  );
}
