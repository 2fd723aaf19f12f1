import { ManageGymButton } from "./home/ManageGymButton";
import { PageQueries } from "./users/PageQueries";

export interface ManageGymProps {
  schoolId: number;
  slug: string;
  gym: string;
  signedIn: boolean;
}

/** The school page's 'Manage this gym' (issue 21), sharing the page's query cache. */
export default function ManageGym(props: ManageGymProps) {
  return (
    <PageQueries>
      <div className="school-manage">
        <ManageGymButton {...props} />
      </div>
    </PageQueries>
  );
}
