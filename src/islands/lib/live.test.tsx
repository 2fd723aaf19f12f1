import { beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import type { LiveEvent, UnreadCounts } from "../../common/live";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { createLiveConnection, useFallbackPoll, useLiveEvent, useLiveStatus } from "./live";
import { FakeEventSource, fakeEventSource, latestStream, withFakeEventSource } from "./test-event-source";

withDom();

const message = (id: number, type = "message.sent"): LiveEvent => ({
  id,
  type,
  actorId: 1,
  subjectId: 2,
  payload: {},
  createdAt: "2026-06-01T12:00:00.000Z",
});

beforeEach(() => {
  FakeEventSource.opened = [];
});

describe("createLiveConnection", () => {
  it("starts the first stream where the page was rendered, then from the last event it saw", () => {
    const live = createLiveConnection({ EventSource: fakeEventSource, startFrom: () => "41" });
    live.subscribe<LiveEvent>("message.sent", () => {});
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events/stream?lastEventId=41"]);
    document.body.dataset.liveFrom = "7";
    const fromPage = createLiveConnection({ EventSource: fakeEventSource });
    fromPage.subscribe<LiveEvent>("message.sent", () => {});
    expect(latestStream().url).toBe("/api/events/stream?lastEventId=7");
    delete document.body.dataset.liveFrom;
  });

  it("opens one stream for all subscribers, at the first one, and routes each event by type", () => {
    const live = createLiveConnection({ EventSource: fakeEventSource });
    expect(FakeEventSource.opened).toHaveLength(0);
    const messages: LiveEvent[] = [];
    const counts: UnreadCounts[] = [];
    live.subscribe<LiveEvent>("message.sent", (e) => messages.push(e));
    live.subscribe<UnreadCounts>("counts", (c) => counts.push(c));
    live.subscribe<LiveEvent>("message.sent", (e) => messages.push(e));
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events/stream"]);
    latestStream().emit("ready", {}, 4);
    latestStream().emit("message.sent", message(5), 5);
    latestStream().emit("counts", { notifications: 1, messages: 2 });
    latestStream().emit("notification.created", message(6, "notification.created"), 6);
    expect(messages.map((m) => m.id)).toEqual([5, 5]);
    expect(counts).toEqual([{ notifications: 1, messages: 2 }]);
  });

  it("is live from ready until an error, and again after the browser's own reconnect", () => {
    const live = createLiveConnection({ EventSource: fakeEventSource });
    const changes: boolean[] = [];
    live.subscribeStatus(() => changes.push(live.isLive()));
    live.subscribe("counts", () => {});
    expect(live.isLive()).toBe(false);
    latestStream().emit("ready", {}, 1);
    latestStream().fail(false);
    latestStream().emit("ready", {}, 1);
    expect(changes).toEqual([true, false, true]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("opens a new stream from the last id seen when the browser gives up", async () => {
    const live = createLiveConnection({ EventSource: fakeEventSource, reopenMs: [20, 40] });
    const ids: number[] = [];
    live.subscribe<LiveEvent>("message.sent", (e) => ids.push(e.id));
    latestStream().emit("ready", {}, 10);
    latestStream().emit("message.sent", message(11), 11);
    latestStream().fail(true);
    expect(live.isLive()).toBe(false);
    await Bun.sleep(30);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([
      "/api/events/stream",
      "/api/events/stream?lastEventId=11",
    ]);
    latestStream().emit("message.sent", message(12), 12);
    expect(ids).toEqual([11, 12]);
  });

  it("closes a moment after the last subscriber leaves, unless another comes first", async () => {
    const live = createLiveConnection({ EventSource: fakeEventSource, closeDelayMs: 20 });
    const off = live.subscribe("counts", () => {});
    off();
    const offAgain = live.subscribe("message.sent", () => {});
    await Bun.sleep(30);
    expect(FakeEventSource.opened.map((s) => s.closed)).toEqual([false]);
    offAgain();
    await Bun.sleep(30);
    expect(FakeEventSource.opened.map((s) => s.closed)).toEqual([true]);
    expect(live.isLive()).toBe(false);
  });
});

/** An island as the header badges would use the stream. */
function Badge({ onPoll }: { onPoll: () => void }) {
  const live = useLiveStatus();
  useLiveEvent<UnreadCounts>("counts", (c) => {
    document.title = `unread ${c.messages}`;
  });
  useFallbackPoll(onPoll, 40);
  return <span>{live ? "live" : "polling"}</span>;
}

describe("the hooks", () => {
  withFakeEventSource();

  it("polls only while the stream is down, and takes events while it is up", async () => {
    let polls = 0;
    const view = await render(<Badge onPoll={() => polls++} />);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(view.container.textContent).toBe("polling");
    await wait(100);
    expect(polls).toBeGreaterThanOrEqual(2);

    await act(async () => latestStream().emit("ready", {}, 3));
    expect(view.container.textContent).toBe("live");
    const before = polls;
    await act(async () => latestStream().emit("counts", { notifications: 0, messages: 4 }));
    expect(document.title).toBe("unread 4");
    await wait(100);
    expect(polls).toBe(before);

    await act(async () => latestStream().fail(false));
    expect(view.container.textContent).toBe("polling");
    await wait(100);
    expect(polls).toBeGreaterThan(before);
    await view.unmount();
  });
});
