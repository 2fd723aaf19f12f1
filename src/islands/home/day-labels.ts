import { type DayKey, dayBit, dayKeys } from "../../common/home";

export const dayShort: Record<DayKey, string> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};

export const dayLong = (day: DayKey) => day[0]?.toUpperCase() + day.slice(1);

/** "Mon, Sat, Sun" from a day mask, Monday first as gyms list their week. */
export function daysText(mask: number): string {
  return dayKeys
    .filter((d) => mask & dayBit[d])
    .map((d) => dayShort[d])
    .join(", ");
}
