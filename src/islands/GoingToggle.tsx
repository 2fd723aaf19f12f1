import type { Slot } from "../common/schemas/going";
import { GoingControl } from "./going/GoingControl";
import { PageQueries } from "./users/PageQueries";

export interface GoingToggleProps {
  schoolId: number;
  slot: Slot;
  count: number;
  /** Null for a guest (the page a guest gets is every guest's). */
  viewerGoing: boolean | null;
  signedIn: boolean;
  label: string;
  started: boolean;
}

/** The school page's 'I'm going' and count for one of the next four weeks' open mats (issue 22). */
export default function GoingToggle({ count, viewerGoing, ...props }: GoingToggleProps) {
  return (
    <PageQueries>
      <GoingControl {...props} initial={{ count, viewerGoing }} />
    </PageQueries>
  );
}
