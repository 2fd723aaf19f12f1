import type { ReviewsPage } from "../common/schemas/ratings";
import { ratingTexts } from "../common/schemas/ratings";
import { RateGym } from "./ratings/RateGym";
import { ReviewList } from "./ratings/ReviewList";
import { PageQueries } from "./users/PageQueries";

export interface SchoolReviewsProps {
  schoolId: number;
  gym: string;
  timeZone: string;
  signedIn: boolean;
  /** The first page of reviews, as the server rendered it. */
  initial: ReviewsPage;
}

/** The school page's reviews (issue 22) and 'Rate this gym', sharing the page's query cache. */
export default function SchoolReviews({ schoolId, gym, timeZone, signedIn, initial }: SchoolReviewsProps) {
  return (
    <PageQueries>
      <section className="school-reviews" aria-labelledby="reviews">
        <h2 id="reviews">{ratingTexts.heading}</h2>
        <RateGym schoolId={schoolId} gym={gym} signedIn={signedIn} explain />
        <ReviewList schoolId={schoolId} timeZone={timeZone} signedIn={signedIn} initial={initial} />
      </section>
    </PageQueries>
  );
}
