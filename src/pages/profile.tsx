import type { CheckinView } from "../common/schemas/checkins";
import type { PostView } from "../common/schemas/posts";
import type { PrivacySettings } from "../common/schemas/settings";
import { type ProfileView, type PublicUser, userMessages } from "../common/schemas/users";
import type { BadgeAward, BadgeProgress } from "../islands/badges/queries/badges";
import type { EditProfileProps } from "../islands/EditProfile";
import { Avatar } from "../islands/users/Avatar";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

export interface ProfilePageInput {
  view: ProfileView;
  /** The owner's own privacy flags (to mark what only they see and to fill the dialog); null for others. */
  ownerSettings: PrivacySettings | null;
  /** What the Badges section starts from (null: the island loads it). */
  badges?: { awards: BadgeAward[] | null; progress: BadgeProgress | null };
  /** The Activity section's check-ins (null: the island loads them). */
  activity?: CheckinView[] | null;
  /** The signed-in viewer, and the first page of the member's posts they may see (null: the island loads it). */
  viewerId: number;
  posts?: PostView[] | null;
}

/** /profile and /users/{userId} (spec §2 "Profile"), rendered on the server. */
export function profilePage({
  view,
  ownerSettings,
  badges,
  activity = null,
  viewerId,
  posts = null,
}: ProfilePageInput): RenderInput {
  const { user } = view;
  return {
    meta: {
      title: `@${user.username} | OpenMat`,
      description: `${user.username}'s profile on OpenMat.`,
      noindex: true,
      canonicalPath: `/users/${user.id}`,
    },
    body: (
      <section className="page narrow profile-page">
        <div className="card profile-header">
          <Avatar username={user.username} photo={user.profilePhoto} size={96} className="profile-avatar" />
          <div className="profile-summary">
            <h1>@{user.username}</h1>
            <ProfileFacts user={user} ownerSettings={ownerSettings} />
            <div className="profile-header-actions">
              {view.isOwner && ownerSettings && (
                <>
                  <Island name="EditProfile" props={editProps(user, ownerSettings)} />
                  <Island name="SeeFriends" props={{}} />
                </>
              )}
              {view.canInteract && (
                <Island
                  name="ProfileActions"
                  props={{ userId: user.id, username: user.username, isFollowing: view.isFollowing }}
                />
              )}
            </div>
          </div>
        </div>
        <Island
          name="ProfileBadges"
          props={{
            userId: user.id,
            isOwner: view.isOwner,
            awards: badges?.awards ?? null,
            progress: view.isOwner ? (badges?.progress ?? null) : null,
            // Others see the badges where they see the count; the owner reads which it is.
            shared: view.isOwner ? !!ownerSettings?.showBadgeCount : user.badgeCount !== null,
          }}
        />
        <Island
          name="ProfileActivity"
          props={{ userId: user.id, isOwner: view.isOwner, checkins: activity }}
        />
        {view.savedGyms && view.savedGyms.length > 0 && <SavedGyms gyms={view.savedGyms} />}
        <Island
          name="ProfilePosts"
          props={{ userId: user.id, username: user.username, isOwner: view.isOwner, viewerId, posts }}
        />
      </section>
    ),
  };
}

function editProps(user: PublicUser, settings: PrivacySettings): EditProfileProps {
  return {
    username: user.username,
    profile: {
      profilePhoto: user.profilePhoto,
      beltLevel: user.beltLevel,
      aboutMe: user.aboutMe,
      city: user.city,
      homeGym: user.homeGym,
    },
    settings: {
      showBeltLevel: settings.showBeltLevel,
      showAboutMe: settings.showAboutMe,
      showCity: settings.showCity,
      showHomeGym: settings.showHomeGym,
      showBadgeCount: settings.showBadgeCount,
    },
  };
}

/**
 * The items the viewer may see (non-null in PublicUser); 'BJJ Practitioner' when there are
 * none. The owner sees all of theirs, with the ones others cannot see marked.
 */
function ProfileFacts({ user, ownerSettings }: { user: PublicUser; ownerSettings: PrivacySettings | null }) {
  const onlyYou = (shown: boolean) =>
    ownerSettings && !shown ? <span className="tag tag-private">Only you</span> : null;
  const facts = [
    user.beltLevel && { label: "Belt", value: user.beltLevel, mark: onlyYou(!!ownerSettings?.showBeltLevel) },
    user.city && { label: "City", value: user.city, mark: onlyYou(!!ownerSettings?.showCity) },
    user.homeGym && { label: "Home Gym", value: user.homeGym, mark: onlyYou(!!ownerSettings?.showHomeGym) },
    // The owner always may see their count; a private 0 is left out, so a new member reads 'BJJ Practitioner'.
    user.badgeCount !== null &&
      !(ownerSettings && !ownerSettings.showBadgeCount && user.badgeCount === 0) && {
        label: "Badges",
        value: String(user.badgeCount),
        mark: onlyYou(!!ownerSettings?.showBadgeCount),
      },
  ].filter((f) => !!f);
  if (facts.length === 0 && !user.aboutMe) {
    return <p className="profile-tagline muted">{userMessages.bjjPractitioner}</p>;
  }
  return (
    <>
      {facts.length > 0 && (
        <dl className="profile-facts">
          {facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>
                {f.value} {f.mark}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {user.aboutMe && (
        <figure className="profile-about">
          <blockquote>“{user.aboutMe}”</blockquote>
          {ownerSettings && !ownerSettings.showAboutMe && <figcaption>{onlyYou(false)}</figcaption>}
        </figure>
      )}
    </>
  );
}

function SavedGyms({ gyms }: { gyms: NonNullable<ProfileView["savedGyms"]> }) {
  return (
    <section className="card profile-section" aria-labelledby="saved-gyms-title">
      <h2 id="saved-gyms-title">Saved Gyms</h2>
      <ul className="saved-gyms">
        {gyms.map((gym) => (
          <li key={gym.schoolId}>
            <a href={`/schools/${gym.slug}`}>{gym.name}</a>
            {gym.city && <span className="muted"> · {gym.city}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An unknown, malformed or blocked member id (spec §2, §8): 404 with a way back to the feed. */
export function userNotFoundPage(): RenderInput {
  return {
    status: 404,
    meta: {
      title: `${userMessages.userNotFound} | OpenMat`,
      description: userMessages.userNotFound,
      noindex: true,
      canonicalPath: null,
    },
    body: (
      <section className="page narrow">
        <h1>{userMessages.userNotFound}</h1>
        <p>This member does not exist, or their profile is not available to you.</p>
        <p>
          <a className="button" href="/feed">
            Back to Feed
          </a>
        </p>
      </section>
    ),
  };
}
