import type { FeedProgressProps } from "../islands/FeedProgress";
import type { FeedSavedProps } from "../islands/FeedSaved";
import type { NewsfeedProps } from "../islands/Newsfeed";
import { profileHref } from "../islands/users/links";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

export interface FeedPageInput {
  viewer: NewsfeedProps["viewer"];
  posts: NewsfeedProps["posts"];
  community?: NewsfeedProps["community"];
  progress: FeedProgressProps;
  saved: FeedSavedProps;
}

/**
 * /feed (spec §2 "Feed page"): three columns, rendered on the server with the first page of
 * posts and every panel's data, then hydrated. Where the columns stack (below 1024px) the
 * panel islands show a row of summary tiles above the newsfeed, each opening its panel
 * (feed-panels/SummaryTiles.tsx, styles/feed-phone.css); the document keeps the spec's order.
 */
export function feedPage({ viewer, posts, community = null, progress, saved }: FeedPageInput): RenderInput {
  return {
    meta: {
      title: "Feed | OpenMat",
      description: "Your OpenMat feed: posts and check-ins from the people you follow.",
      noindex: true,
      canonicalPath: "/feed",
    },
    body: (
      <div className="page feed-page">
        <h1 className="visually-hidden">Feed</h1>
        <div className="feed-columns">
          <section className="feed-col feed-col-progress" aria-label="Your progress">
            <Island name="FeedProgress" props={progress} />
            <p className="feed-profile-link">
              <a className="button button-ghost button-block" href={profileHref(viewer.id)}>
                View your public profile
              </a>
            </p>
          </section>
          <section className="feed-col feed-col-saved" aria-label="Your gyms">
            <Island name="FeedSaved" props={saved} />
          </section>
          <section className="feed-col feed-col-news" aria-label="News and people">
            <section className="card feed-find-users" aria-labelledby="find-users-title">
              <h2 id="find-users-title">Find Users</h2>
              <Island
                name="UserSearch"
                props={{ q: "", results: null, viewerId: viewer.id, syncUrl: false }}
              />
              <Island name="SeeFriends" props={{}} />
            </section>
            <Island name="Newsfeed" props={{ viewer, posts, community }} />
          </section>
        </div>
      </div>
    ),
  };
}
