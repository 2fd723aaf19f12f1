import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import type { SchoolView } from "../../common/schemas/school";
import {
  visitorRuleTexts as t,
  type VisitorRules,
  visitorRulesSchema,
} from "../../common/schemas/visitor-rules";
import { useSaveVisitorRules } from "./queries";

type Name = keyof VisitorRules;
type Option = readonly [value: string, label: string];

const UNKNOWN: Option = ["", "Not said"];
const yesNo = (yes: string, no: string): readonly Option[] => [UNKNOWN, ["yes", yes], ["no", no]];
/** Each rule as a choice; "Not said" keeps it unknown, and an unknown rule is never shown. */
const CHOICES: readonly {
  name: Exclude<Name, "matFee" | "minAge" | "waiverUrl">;
  label: string;
  options: readonly Option[];
}[] = [
  {
    name: "attire",
    label: "Gi or No-Gi",
    options: [UNKNOWN, ["gi", t.gi], ["nogi", t.nogi], ["both", t.both]],
  },
  {
    name: "level",
    label: "Level",
    options: [UNKNOWN, ["all", t.all], ["beginners", t.beginners], ["experienced", t.experienced]],
  },
  { name: "womenOnly", label: "Women only", options: yesNo("Yes, women only", "No") },
  {
    name: "kids",
    label: "Kids",
    options: [UNKNOWN, ["allowed", "Kids welcome"], ["adultsOnly", t.adultsOnly]],
  },
  {
    name: "visitors",
    label: "Visitors",
    options: [UNKNOWN, ["welcome", t.welcome], ["membersOnly", t.membersOnly]],
  },
  { name: "loanerGi", label: "Loaner gi", options: yesNo(t.loanerGi, "No loaner gi") },
];
const ORDER: readonly Name[] = [
  "matFee",
  "attire",
  "level",
  "womenOnly",
  "kids",
  "minAge",
  "visitors",
  "waiverUrl",
  "loanerGi",
];

const shown = (value: unknown) => (value === true ? "yes" : value === false ? "no" : String(value ?? ""));
const feeKind = (fee: number | undefined) => (fee === undefined ? "" : fee === 0 ? "free" : "amount");

/** The form's values as the API's rules: "Not said" is null (unknown), a typed amount a number. */
function rulesFrom(data: FormData, feeChoice: string) {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const choice = (name: string) => text(name) || null;
  const flag = (name: string) => (text(name) === "" ? null : text(name) === "yes");
  const amount = text("matFee");
  return {
    matFee:
      feeChoice === "free"
        ? "free"
        : feeChoice === "amount"
          ? amount === ""
            ? Number.NaN
            : Number(amount)
          : null,
    attire: choice("attire"),
    level: choice("level"),
    womenOnly: flag("womenOnly"),
    kids: choice("kids"),
    minAge: text("kids") === "allowed" && text("minAge") !== "" ? Number(text("minAge")) : null,
    visitors: choice("visitors"),
    waiverUrl: text("waiverUrl"),
    loanerGi: flag("loanerGi"),
  };
}

/**
 * The school's visitor rules for its owners and admins (issue 21): each rule a choice, the
 * fee free or an amount, kids with a minimum age, a waiver link. Checked as the server checks
 * them; the first wrong field gets focus. A session's own rules are kept as they are.
 */
export function VisitorRulesForm({ school }: { school: Pick<SchoolView, "id" | "visitorRules"> }) {
  const id = useId();
  const save = useSaveVisitorRules(school.id);
  const rules = school.visitorRules ?? {};
  const [fee, setFee] = useState(feeKind(rules.matFee));
  const [kids, setKids] = useState(rules.kids ?? "");
  const [problems, setProblems] = useState<Partial<Record<Name, string>>>({});
  const field = (name: Name) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby": problems[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: Name) =>
    problems[name] && (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {problems[name]}
      </p>
    );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const result = v.safeParse(visitorRulesSchema, rulesFrom(new FormData(form), fee));
    if (result.success) {
      setProblems({});
      save.mutate({ rules: result.output });
      return;
    }
    const found: Partial<Record<Name, string>> = {};
    for (const issue of result.issues) {
      const key = (issue.path?.[0]?.key as Name | undefined) ?? "matFee";
      found[key] ??= issue.message;
    }
    setProblems(found);
    const first = ORDER.find((name) => found[name]);
    form
      .querySelector<HTMLElement>(`[name="${first === "matFee" && fee !== "amount" ? "matFeeKind" : first}"]`)
      ?.focus();
  }

  return (
    <section className="manage-visitor-rules" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Visitor rules</h2>
      <p className="muted">
        What a visitor should know before a drop-in. A rule left as "Not said" is not shown.
      </p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-matFeeKind`}>Mat fee</label>
          <select
            id={`${id}-matFeeKind`}
            name="matFeeKind"
            value={fee}
            onChange={(e) => setFee(e.target.value)}
          >
            <option value="">Not said</option>
            <option value="free">{t.free}</option>
            <option value="amount">An amount</option>
          </select>
        </div>
        {fee === "amount" && (
          <div className="field">
            <label htmlFor={`${id}-matFee`}>Mat fee in US dollars</label>
            <input
              {...field("matFee")}
              type="number"
              inputMode="decimal"
              min="0.01"
              max="500"
              step="0.01"
              defaultValue={rules.matFee ? String(rules.matFee) : ""}
            />
            {error("matFee")}
          </div>
        )}
        {CHOICES.map((choice) => (
          <div key={choice.name} className="field">
            <label htmlFor={`${id}-${choice.name}`}>{choice.label}</label>
            <select
              {...field(choice.name)}
              defaultValue={choice.name === "kids" ? undefined : shown(rules[choice.name])}
              {...(choice.name === "kids" ? { value: kids, onChange: (e) => setKids(e.target.value) } : {})}
            >
              {choice.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {error(choice.name)}
            {choice.name === "kids" && kids === "allowed" && (
              <div className="field">
                <label htmlFor={`${id}-minAge`}>Youngest age welcome (optional)</label>
                <input
                  {...field("minAge")}
                  type="number"
                  inputMode="numeric"
                  min="1"
                  max="17"
                  step="1"
                  defaultValue={rules.minAge ?? ""}
                />
                {error("minAge")}
              </div>
            )}
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-waiverUrl`}>Waiver link to sign ahead (optional)</label>
          <input {...field("waiverUrl")} type="url" autoComplete="url" defaultValue={rules.waiverUrl ?? ""} />
          {error("waiverUrl")}
        </div>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save visitor rules"}
        </button>
      </form>
    </section>
  );
}
