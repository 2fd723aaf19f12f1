import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { UserSearchResult } from "../../common/schemas/users";
import { useDebounced } from "../lib/use-debounced";
import { StartConversationLink } from "../messages/StartConversationLink";
import { Avatar } from "./Avatar";
import { profileHref } from "./links";
import { userSearchKeys, useUserSearch } from "./queries/search";

/** Spec §9: the user search waits 300 ms after the last keystroke. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

export interface UserSearchProps {
  /** The `?q=` the page was opened with, and the server's results for it (null when empty). */
  q: string;
  results: UserSearchResult[] | null;
  viewerId: number;
  /** Keep `?q=` in the address (the /users page); the feed's copy leaves its address alone. */
  syncUrl?: boolean;
}

/** Find Users (spec §2): debounced search by username; Message is hidden on one's own row. */
export function UserSearchView({ q: initialQ, results, viewerId, syncUrl = true }: UserSearchProps) {
  const client = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState(initialQ);
  // The server answered the first query already: seed it so hydrating fetches nothing.
  useState(() => {
    const first = initialQ.trim();
    if (first && results) client.setQueryData(userSearchKeys.query(first), results);
  });
  const q = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(q);

  // Keep the address in step, so reload and back show the same search.
  useEffect(() => {
    if (!syncUrl) return;
    const url = new URL(location.href);
    if (q) url.searchParams.set("q", q);
    else url.searchParams.delete("q");
    if (url.href !== location.href) history.replaceState(history.state, "", url);
  }, [q, syncUrl]);

  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <div className="user-search">
      <search>
        <form action="/users" method="get" onSubmit={onSubmit} className="user-search-form">
          <label htmlFor={inputId}>Search by username</label>
          <input
            id={inputId}
            name="q"
            type="search"
            placeholder="Search by username..."
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
      </search>
      <div aria-live="polite" className="user-search-results">
        <SearchState q={q} search={search} viewerId={viewerId} />
      </div>
    </div>
  );
}

function SearchState({
  q,
  search,
  viewerId,
}: {
  q: string;
  search: ReturnType<typeof useUserSearch>;
  viewerId: number;
}) {
  if (!q) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">Start searching</p>
        <p className="muted">Type a username to find members to follow and message.</p>
      </div>
    );
  }
  if (search.isError) {
    return (
      <p className="form-error" role="alert">
        Search failed. Please try again.
      </p>
    );
  }
  if (!search.data) return <p className="muted">Searching...</p>;
  if (search.data.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">No users found</p>
        <p className="muted">Try another username.</p>
      </div>
    );
  }
  return (
    <ul className="user-list" aria-label="Users found">
      {search.data.map((user) => (
        <UserRow key={user.id} user={user} self={user.id === viewerId} />
      ))}
    </ul>
  );
}

function UserRow({ user, self }: { user: UserSearchResult; self: boolean }) {
  return (
    <li className="user-row">
      <Avatar username={user.username} photo={user.profilePhoto} size={40} />
      <span className="user-row-name">
        @{user.username}
        {self && <span className="muted"> (you)</span>}
        {!self && user.isFollowing && <span className="tag">Following</span>}
      </span>
      <span className="user-row-actions">
        <a className="button button-ghost" href={profileHref(user.id)}>
          View Profile<span className="visually-hidden"> of @{user.username}</span>
        </a>
        {!self && <StartConversationLink userId={user.id} username={user.username} />}
      </span>
    </li>
  );
}
