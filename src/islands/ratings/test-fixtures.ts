import { act } from "react";
import type { MyRating, RatingResult, ReviewView } from "../../common/schemas/ratings";
import { buttonNamed } from "../posts/test-fixtures";

/** What the ratings islands' tests share: answers the API gives, and ways into the dialog. */
export const AT = "2026-03-03T18:00:00.000Z";
export const own = (stars: number, review: string | null = null): NonNullable<MyRating["rating"]> => ({
  id: 40,
  stars,
  review,
  createdAt: AT,
  updatedAt: AT,
  ownerReply: null,
});
export const result = (rating: MyRating["rating"]): RatingResult => ({
  rating,
  canRate: true,
  school: { rating: rating?.stars ?? null, reviewCount: rating ? 1 : 0 },
});
export const review = (id: number, over: Partial<ReviewView> = {}): ReviewView => ({
  id,
  stars: 4,
  review: `Review ${id}`,
  createdAt: AT,
  updatedAt: AT,
  author: { id: 100 + id, username: `member${id}` },
  ownerReply: null,
  ...over,
});

export const dialog = () => document.querySelector("dialog") as HTMLDialogElement;
export const radios = () => [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')];
export const area = () => dialog().querySelector("textarea") as HTMLTextAreaElement;
export const button = (root: ParentNode, name: string) => buttonNamed(root, name) as HTMLButtonElement;

/** Types as a user does: React listens for `input` and tracks the native value setter. */
export async function typeInto(text: string, target = area()) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(target, text);
    target.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
