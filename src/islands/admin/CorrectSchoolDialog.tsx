import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import * as v from "valibot";
import { type CorrectFeedbackInput, correctFeedbackSchema, hasRules } from "../../common/schemas/feedback";
import { effectiveRules } from "../../common/visitor-rules";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { stillWrong } from "../lib/form";
import { RuleFields, type RuleProblems, readRules } from "../visitor-rules/RuleFields";
import { SuggestedRules } from "../visitor-rules/SuggestedRules";
import type { FeedbackEntry } from "./types";

type Field = "gym" | "address" | "dayAndTime" | "link";

/**
 * 'Correct school': the school's listed fields, prefilled and labelled, with the feedback's
 * notes beside them; checked as the open-mat form checks them before anything is sent.
 * When the feedback suggests visitor rules (issue 21), their fields start from the school's
 * rules with the suggestion on top, and applying sets them. Focus starts in the gym name;
 * Escape or Cancel closes and hands focus back to the opener.
 */
export function CorrectSchoolDialog({
  entry,
  pending,
  showPrivate = true,
  onApply,
  onClose,
}: {
  entry: FeedbackEntry;
  pending: boolean;
  /** Whether the private comments are shown (admins only; a school's owners never see them). */
  showPrivate?: boolean;
  onApply(correction: CorrectFeedbackInput): void;
  onClose(): void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [ruleProblems, setRuleProblems] = useState<RuleProblems>({});
  const suggested = hasRules(entry.visitorRules) ? entry.visitorRules : null;
  const startRules = suggested && effectiveRules(entry.schoolVisitorRules ?? {}, suggested);
  useEffect(() => first.current?.focus(), []);
  /** The form checked as the server checks it: the correction, or each field's first problem. */
  function check(form: HTMLFormElement) {
    const data = new FormData(form);
    const rules = startRules ? readRules(form) : null;
    const result = v.safeParse(correctFeedbackSchema, {
      gym: String(data.get("gym") ?? ""),
      address: String(data.get("address") ?? ""),
      dayAndTime: String(data.get("dayAndTime") ?? ""),
      link: String(data.get("link") ?? ""),
      publishNote: data.get("publishNote") === "on",
      ...(rules?.ok ? { visitorRules: rules.rules } : {}),
    });
    const found: Partial<Record<Field, string>> = {};
    for (const issue of result.success ? [] : result.issues) {
      const key = issue.path?.[0]?.key as Field | undefined;
      if (key && !found[key]) found[key] = issue.message;
    }
    return { result, rules, found, ruleFound: rules && !rules.ok ? rules.problems : {} };
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const { result, rules, found, ruleFound } = check(form);
    setRuleProblems(ruleFound);
    if (result.success && rules?.ok !== false) {
      setProblems({});
      onApply(result.output);
      return;
    }
    setProblems(found);
    const firstBad = (["gym", "address", "dayAndTime", "link"] as const).find((k) => found[k]);
    if (firstBad) form.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus();
    else if (rules && !rules.ok) rules.first?.focus();
  }
  // Checked again as the admin types, only to take away the problems that are fixed (issue 23).
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!Object.values({ ...problems, ...ruleProblems }).some(Boolean)) return;
    const { found, ruleFound } = check(event.currentTarget);
    setProblems(stillWrong(problems, found));
    setRuleProblems(stillWrong(ruleProblems, ruleFound));
  }
  const invalid = (field: Field) =>
    problems[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};
  const error = (field: Field) =>
    problems[field] && (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {problems[field]}
      </p>
    );
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog feedback-correct-dialog">
      <h2 id={`${id}-title`}>Correct school</h2>
      <div className="feedback-correct-layout">
        <form onSubmit={onSubmit} onChange={onChange} noValidate aria-labelledby={`${id}-title`}>
          <div className="field">
            <label htmlFor={`${id}-gym`}>Gym</label>
            <input
              ref={first}
              id={`${id}-gym`}
              name="gym"
              defaultValue={entry.schoolName}
              {...invalid("gym")}
            />
            {error("gym")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-address`}>Address</label>
            <input id={`${id}-address`} name="address" defaultValue={entry.address} {...invalid("address")} />
            {error("address")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-day`}>Day and time</label>
            <textarea
              id={`${id}-day`}
              name="dayAndTime"
              rows={3}
              defaultValue={entry.dayAndTime ?? ""}
              {...invalid("dayAndTime")}
            />
            {error("dayAndTime")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-link`}>Link</label>
            <input
              id={`${id}-link`}
              name="link"
              type="url"
              defaultValue={entry.website ?? ""}
              {...invalid("link")}
            />
            {error("link")}
          </div>
          {startRules && (
            <fieldset className="feedback-correct-rules">
              <legend>Visitor rules</legend>
              <p className="muted">The school's rules with the suggestion on top: applying sets them.</p>
              <RuleFields idPrefix={`${id}-rule`} rules={startRules} problems={ruleProblems} />
            </fieldset>
          )}
          {entry.communityNotes && (
            <div className="field field-checkbox">
              <input id={`${id}-publish`} name="publishNote" type="checkbox" />
              <label htmlFor={`${id}-publish`}>
                Publish the public note on the school as a community note
              </label>
            </div>
          )}
          <DialogFormActions label="Apply correction" busyLabel="Saving..." busy={pending} />
        </form>
        <aside className="feedback-correct-notes" aria-labelledby={`${id}-notes`}>
          <h3 id={`${id}-notes`}>The feedback</h3>
          <h4>Public notes</h4>
          <p>{entry.communityNotes || "None"}</p>
          <SuggestedRules rules={entry.visitorRules} heading="h4" />
          {showPrivate && (
            <>
              <h4>
                Private comments <span className="admin-tag">Admin Only</span>
              </h4>
              <p>{entry.privateComments || "None"}</p>
            </>
          )}
        </aside>
      </div>
    </Modal>
  );
}
