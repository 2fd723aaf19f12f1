import { useEffect, useRef, useState } from "react";
import { type ReviewsPage, type ReviewView, ratingTexts as texts } from "../../common/schemas/ratings";
import { useOwnership } from "../home/queries/claims";
import { ReportButton } from "../reports/ReportDialog";
import { profileHref } from "../users/links";
import { reviewDate, starGlyphs } from "./format";
import { useMyRating, useReviews } from "./queries";
import { ReplyDialog } from "./ReplyDialog";

interface ReviewListProps {
  schoolId: number;
  timeZone: string;
  signedIn: boolean;
  initial: ReviewsPage;
}

/**
 * The gym's reviews, newest first: the server's first page, then 'Load more reviews', which
 * moves focus to the first review it brought. A member may report any review but their own;
 * the gym's owners and admins (asked after hydration) may answer each one once.
 */
export function ReviewList({ schoolId, timeZone, signedIn, initial }: ReviewListProps) {
  const reviews = useReviews(schoolId, initial);
  const ownership = useOwnership(schoolId, signedIn);
  const mine = useMyRating(schoolId, signedIn);
  const list = useRef<HTMLOListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const all = reviews.data.pages.flatMap((page) => page.reviews);
  useEffect(() => {
    if (focusFrom === null || all.length <= focusFrom) return;
    list.current?.querySelectorAll<HTMLElement>(".review")[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, all.length]);

  if (all.length === 0) return <p className="muted">{texts.none}</p>;
  return (
    <>
      <ol ref={list} className="reviews">
        {all.map((review) => (
          <li key={review.id}>
            <ReviewItem
              review={review}
              schoolId={schoolId}
              timeZone={timeZone}
              signedIn={signedIn}
              own={mine.data?.rating?.id === review.id}
              mayAnswer={ownership.data?.manage === true}
            />
          </li>
        ))}
      </ol>
      {reviews.hasNextPage && (
        <button
          type="button"
          className="button button-ghost reviews-more"
          disabled={reviews.isFetchingNextPage}
          onClick={() => {
            setFocusFrom(all.length);
            void reviews.fetchNextPage();
          }}
        >
          {reviews.isFetchingNextPage ? texts.loadingMore : texts.loadMore}
        </button>
      )}
      {reviews.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {texts.loadFailed}
        </p>
      )}
    </>
  );
}

interface ReviewItemProps {
  review: ReviewView;
  schoolId: number;
  timeZone: string;
  signedIn: boolean;
  own: boolean;
  mayAnswer: boolean;
}

function ReviewItem({ review: r, schoolId, timeZone, signedIn, own, mayAnswer }: ReviewItemProps) {
  const byId = `review-${r.id}-by`;
  const by = r.author ? r.author.username : texts.aMember;
  const [answering, setAnswering] = useState(false);
  const [answered, setAnswered] = useState(false);
  const answer = useRef<HTMLDivElement>(null);
  // The Answer button is gone once answered: focus goes to the answer instead.
  useEffect(() => {
    if (answered && r.ownerReply) answer.current?.focus();
  }, [answered, r.ownerReply]);
  return (
    <article className="review" aria-labelledby={byId} tabIndex={-1}>
      <p className="review-head">
        <span className="review-stars" aria-hidden="true">
          {starGlyphs(r.stars)}
        </span>{" "}
        <span className="visually-hidden">{`${r.stars} of 5 stars, `}</span>
        <span id={byId}>{r.author && signedIn ? <a href={profileHref(r.author.id)}>{by}</a> : by}</span>
        {" · "}
        <time dateTime={r.createdAt}>{reviewDate(r.createdAt, timeZone)}</time>
      </p>
      {r.review && <p className="review-text">{r.review}</p>}
      {r.ownerReply && (
        <div ref={answer} className="review-answer" tabIndex={-1}>
          <p className="review-answer-title">{texts.answerHeading}</p>
          <p className="review-text">{r.ownerReply.text}</p>
        </div>
      )}
      {signedIn && (
        <div className="review-actions">
          {mayAnswer && !r.ownerReply && (
            <button
              type="button"
              className="button button-ghost button-small"
              aria-describedby={byId}
              onClick={() => setAnswering(true)}
            >
              {texts.answer}
            </button>
          )}
          {!own && <ReportButton kind="review" id={r.id} label={`${texts.report} by ${by}`} />}
        </div>
      )}
      {answering && (
        <ReplyDialog
          schoolId={schoolId}
          ratingId={r.id}
          by={by}
          onClose={() => setAnswering(false)}
          onAnswered={() => setAnswered(true)}
        />
      )}
    </article>
  );
}
