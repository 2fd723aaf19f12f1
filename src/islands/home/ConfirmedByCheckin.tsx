import { confirmedByCheckinText } from "../../common/freshness";

/** "Confirmed by a check-in N days ago", or nothing for a listing no check-in confirmed. */
export function ConfirmedByCheckin({
  confirmedAt,
  inline = false,
}: {
  confirmedAt: string | null;
  inline?: boolean;
}) {
  const text = confirmedByCheckinText(confirmedAt, new Date());
  if (!text) return null;
  return inline ? (
    <span className="school-confirmed">{text}</span>
  ) : (
    <p className="school-confirmed">{text}</p>
  );
}
