/**
 * The visitor rules' fields (issue 21), shared by the manage page's form, the feedback dialog
 * (a member's suggestion) and the correction dialogs: each rule a choice where "Not said"
 * keeps it unknown, the fee free or an amount, kids with a youngest age, a waiver link. The
 * fields are named after the rules, so `readRules` reads them from their form and checks them
 * as the server does.
 */
import { useState } from "react";
import * as v from "valibot";
import {
  visitorRuleTexts as t,
  type VisitorRules,
  visitorRulesSchema,
} from "../../common/schemas/visitor-rules";

export type RuleName = keyof VisitorRules;
export type RuleProblems = Partial<Record<RuleName, string>>;
type Option = readonly [value: string, label: string];

const UNKNOWN: Option = ["", "Not said"];
const yesNo = (yes: string, no: string): readonly Option[] => [UNKNOWN, ["yes", yes], ["no", no]];
const CHOICES: readonly {
  name: Exclude<RuleName, "matFee" | "minAge" | "waiverUrl">;
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
/** The fields' order on the page: the first wrong one gets focus. */
const ORDER: readonly RuleName[] = [
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
function rulesFrom(data: FormData) {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const choice = (name: string) => text(name) || null;
  const flag = (name: string) => (text(name) === "" ? null : text(name) === "yes");
  const feeChoice = text("matFeeKind");
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

export type RulesRead =
  | { ok: true; rules: VisitorRules }
  | { ok: false; problems: RuleProblems /** The first wrong field, to focus. */; first: HTMLElement | null };

/** The rule fields of `form`, checked as the server checks them. */
export function readRules(form: HTMLFormElement): RulesRead {
  const data = new FormData(form);
  const result = v.safeParse(visitorRulesSchema, rulesFrom(data));
  if (result.success) return { ok: true, rules: result.output };
  const problems: RuleProblems = {};
  for (const issue of result.issues) {
    const key = (issue.path?.[0]?.key as RuleName | undefined) ?? "matFee";
    problems[key] ??= issue.message;
  }
  const name = ORDER.find((n) => problems[n]);
  const target = name === "matFee" && data.get("matFeeKind") !== "amount" ? "matFeeKind" : name;
  return { ok: false, problems, first: form.querySelector<HTMLElement>(`[name="${target}"]`) };
}

/**
 * The rule fields, starting from `rules`; `idPrefix` keeps their ids apart from another set's
 * on the page. Each problem shows under its field, tied to it.
 */
export function RuleFields({
  idPrefix: id,
  rules,
  problems,
}: {
  idPrefix: string;
  rules: VisitorRules;
  problems: RuleProblems;
}) {
  const [fee, setFee] = useState(feeKind(rules.matFee));
  const [kids, setKids] = useState<string>(rules.kids ?? "");
  const field = (name: RuleName) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby": problems[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: RuleName) =>
    problems[name] && (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {problems[name]}
      </p>
    );
  return (
    <div className="rule-fields">
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
    </div>
  );
}
