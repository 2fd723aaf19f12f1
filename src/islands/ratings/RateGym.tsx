import { useState } from "react";
import { starsLabel, ratingTexts as texts } from "../../common/schemas/ratings";
import { useMyRating } from "./queries";
import { RatingDialog } from "./RatingDialog";

interface RateGymProps {
  schoolId: number;
  gym: string;
  signedIn: boolean;
  /** Tell a member who cannot rate yet why (the school page); the detail dialog stays quiet. */
  explain?: boolean;
}

/**
 * 'Rate this gym' (or 'Edit your rating') for a member with a verified check-in at the gym,
 * or a rating already given; asked after hydration, so the server's HTML is the same for
 * everyone. What a save or a deletion did is said in a status line beside the button.
 */
export function RateGym({ schoolId, gym, signedIn, explain = false }: RateGymProps) {
  const mine = useMyRating(schoolId, signedIn);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  if (!mine.data) return null;
  const { rating, canRate } = mine.data;
  if (!canRate && !rating) return explain ? <p className="muted rate-gym">{texts.checkInFirst}</p> : null;
  return (
    <div className="rate-gym">
      {rating && <p className="rate-gym-mine">{`Your rating: ${starsLabel(rating.stars)}`}</p>}
      <button
        type="button"
        className="button button-ghost"
        onClick={() => {
          setStatus("");
          setOpen(true);
        }}
      >
        {rating ? texts.edit : texts.rate}
      </button>
      <p className="muted rate-gym-status" role="status">
        {status}
      </p>
      {open && (
        <RatingDialog
          schoolId={schoolId}
          gym={gym}
          current={rating}
          onClose={() => setOpen(false)}
          onDone={setStatus}
        />
      )}
    </div>
  );
}
