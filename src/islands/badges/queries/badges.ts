import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";

/** A badge as a check-in's answer names it (newBadges). */
export interface EarnedBadge {
  /** The award's id, to mark it celebrated. */
  id?: number;
  code: string;
  name: string;
  description: string;
}

/** GET /api/badges: one award (spec §3 'Badge earned'). */
export interface BadgeAward {
  id: number;
  badgeCode: string;
  metricValue: number | null;
  awardedAt: string;
  /** The definition's texts, when the API joins them. */
  name?: string;
  description?: string;
}

/** GET /api/badge-definitions (spec §3 'Badge definition'). */
export interface BadgeDefinition {
  id?: number;
  code: string;
  name: string;
  description: string;
  category: string;
  sortOrder: number;
  threshold: number;
  criteriaType: string;
}

/** One of the 'Next Closest Badges' (spec §2, §4): progress towards an unearned badge. */
export interface NextBadge {
  code: string;
  name: string;
  description: string;
  current: number;
  threshold: number;
  /** 0..100, capped (spec §9). */
  percent: number;
}

/** GET /api/badges/progress (owner). */
export interface BadgeProgress {
  totalCheckins: number;
  uniqueGyms: number;
  uniqueStates: number;
  alphabetProgress: number;
  nextClosest?: NextBadge[];
}

export const badgeKeys = {
  all: ["/api/badges"] as const,
  mine: () => ["/api/badges", "mine"] as const,
  user: (userId: number) => ["/api/badges", "user", userId] as const,
  progress: () => ["/api/badges", "progress"] as const,
  /** Not under `all`: a check-in's refresh must not celebrate its badges a second time. */
  uncelebrated: () => ["/api/badge-celebrations"] as const,
  definitions: ["/api/badge-definitions"] as const,
};

export const badgeDefinitionsQueryOptions = () =>
  queryOptions({
    queryKey: badgeKeys.definitions,
    queryFn: () => apiRequest<BadgeDefinition[]>("GET", "/api/badge-definitions"),
  });

/** The owner's awards come from /api/badges, anyone else's from /api/badges/{userId}. */
export const userBadgesQueryOptions = (userId: number, isOwner: boolean) =>
  queryOptions({
    queryKey: isOwner ? badgeKeys.mine() : badgeKeys.user(userId),
    queryFn: () => apiRequest<BadgeAward[]>("GET", isOwner ? "/api/badges" : `/api/badges/${userId}`),
  });

export const badgeProgressQueryOptions = () =>
  queryOptions({
    queryKey: badgeKeys.progress(),
    queryFn: () => apiRequest<BadgeProgress>("GET", "/api/badges/progress"),
  });

export function useBadgeDefinitions(enabled = true) {
  return useQuery({ ...badgeDefinitionsQueryOptions(), enabled });
}
/** `initial` is what the page rendered: the cache starts from it and hydrating fetches nothing. */
export function useUserBadges(userId: number, isOwner: boolean, initial?: BadgeAward[]) {
  return useQuery({ ...userBadgesQueryOptions(userId, isOwner), initialData: initial });
}
export function useBadgeProgress(enabled = true, initial?: BadgeProgress) {
  return useQuery({ ...badgeProgressQueryOptions(), enabled, initialData: initial });
}

/** Spec §9: up to 4 upcoming badges, earned and 100% ones left out, percent capped at 100. */
export function nextClosest(progress: BadgeProgress | undefined): NextBadge[] {
  return (progress?.nextClosest ?? [])
    .map((b) => ({ ...b, percent: Math.max(0, Math.min(100, Math.round(b.percent))) }))
    .filter((b) => b.percent < 100)
    .slice(0, 4);
}

/** Awards joined with their definitions, newest first; unknown codes keep their code as a name. */
export function describeAwards(awards: BadgeAward[], definitions: BadgeDefinition[] | undefined) {
  const byCode = new Map((definitions ?? []).map((d) => [d.code, d]));
  return [...awards]
    .sort((a, b) => b.awardedAt.localeCompare(a.awardedAt))
    .map((a) => ({
      ...a,
      name: a.name ?? byCode.get(a.badgeCode)?.name ?? a.badgeCode,
      description: a.description ?? byCode.get(a.badgeCode)?.description ?? "",
    }));
}
