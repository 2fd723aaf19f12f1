import { type FormEvent, useId, useState } from "react";
import type { SchoolView } from "../../common/schemas/school";
import { useSaveVisitorRules } from "./queries";
import { RuleFields, type RuleProblems, readRules } from "./RuleFields";

/**
 * The school's visitor rules for its owners and admins (issue 21): each rule a choice, the
 * fee free or an amount, kids with a minimum age, a waiver link. Checked as the server checks
 * them; the first wrong field gets focus. A session's own rules are kept as they are.
 */
export function VisitorRulesForm({ school }: { school: Pick<SchoolView, "id" | "visitorRules"> }) {
  const id = useId();
  const save = useSaveVisitorRules(school.id);
  const [problems, setProblems] = useState<RuleProblems>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const read = readRules(event.currentTarget);
    if (read.ok) {
      setProblems({});
      save.mutate({ rules: read.rules });
      return;
    }
    setProblems(read.problems);
    read.first?.focus();
  }

  return (
    <section className="manage-visitor-rules" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Visitor rules</h2>
      <p className="muted">
        What a visitor should know before a drop-in. A rule left as "Not said" is not shown.
      </p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <RuleFields idPrefix={id} rules={school.visitorRules ?? {}} problems={problems} />
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save visitor rules"}
        </button>
      </form>
    </section>
  );
}
