import type { ManagePageData } from "../../common/schemas/school-manage";
import { VisitorRulesForm } from "../visitor-rules/VisitorRulesForm";
import { ContactForm } from "./ContactForm";
import { ListingActivity } from "./ListingActivity";
import { useSchool } from "./manage-queries";
import { OccurrencesPanel } from "./OccurrencesPanel";
import { OwnerFeedbackPanel } from "./OwnerFeedbackPanel";
import { ScheduleEditor } from "./ScheduleEditor";

/** /schools/{slug}/manage: the schedule editor, the next four weeks, contact details, feedback and what the listing did. */
export function ManageSections({ school: initial, today, occurrences, feedback }: ManagePageData) {
  // Seeded by the page; each save writes the school's new view here.
  const school = useSchool(initial).data;
  return (
    <div className="manage-sections">
      <ScheduleEditor school={school} today={today} />
      <OccurrencesPanel school={school} initial={occurrences} />
      <ContactForm school={school} />
      {/* Keyed by the rules: an applied suggestion (feedback below) shows here, not the old ones. */}
      <VisitorRulesForm key={JSON.stringify(school.visitorRules ?? {})} school={school} />
      <OwnerFeedbackPanel schoolId={school.id} initial={feedback} />
      <ListingActivity schoolId={school.id} />
    </div>
  );
}
