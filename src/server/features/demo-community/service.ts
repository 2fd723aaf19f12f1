export { type RemovedCommunity, removeDemoCommunity } from "./remove";
export type { DemoCommunityDeps, DemoCommunitySummary } from "./seed";
export { seedDemoCommunityOnce } from "./seed";
