import { type FormEvent, useId, useState } from "react";
import * as v from "valibot";
import type { SchoolView } from "../../common/schemas/school";
import { type ContactInput, contactSchema } from "../../common/schemas/school-manage";
import { useSaveContact } from "./manage-queries";

type Field = "website" | "phone" | "address";
const FIELDS: readonly { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: "website", label: "Website", type: "url", autoComplete: "url" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "address", label: "Address", type: "text", autoComplete: "street-address" },
];

/**
 * The school's website, phone and address. Only fields that changed are sent; an empty
 * website or phone clears it, and a new address is found on the map again. Checked as the
 * server checks them; the first wrong field gets focus.
 */
export function ContactForm({ school }: { school: SchoolView }) {
  const id = useId();
  const save = useSaveContact(school.id);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const stored: Record<Field, string> = {
    website: school.website ?? "",
    phone: school.phone ?? "",
    address: school.address,
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const changed: Partial<Record<Field, string>> = {};
    for (const { name } of FIELDS) {
      const value = String(data.get(name) ?? "").trim();
      if (value !== stored[name]) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return setProblems({});
    const result = v.safeParse(contactSchema, changed);
    if (result.success) {
      setProblems({});
      save.mutate(result.output as ContactInput);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as Field | undefined;
      if (key && !found[key]) found[key] = issue.message;
    }
    setProblems(found);
    const firstBad = FIELDS.find((f) => found[f.name]);
    if (firstBad) form.querySelector<HTMLElement>(`[name="${firstBad.name}"]`)?.focus();
  }

  return (
    <section className="manage-contact" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contact details</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        {FIELDS.map((f) => (
          <div key={f.name} className="field">
            <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              defaultValue={stored[f.name]}
              aria-invalid={problems[f.name] ? true : undefined}
              aria-describedby={problems[f.name] ? `${id}-${f.name}-error` : undefined}
            />
            {problems[f.name] && (
              <p id={`${id}-${f.name}-error`} className="field-error" role="alert">
                {problems[f.name]}
              </p>
            )}
          </div>
        ))}
        <p className="muted">A new address is found on the map again, and the gym's time zone with it.</p>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save contact details"}
        </button>
      </form>
    </section>
  );
}
