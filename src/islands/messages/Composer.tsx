import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { showToast } from "../../client/toast";
import { MESSAGE_MAX, messageTexts } from "../../common/schemas/messages";
import { failureText } from "../lib/api";
import { useSendMessage } from "./queries/messages";

/**
 * The conversation's message box (spec §2): a counter (n/2000), Enter sends, Shift+Enter
 * adds a line. The text is trimmed before sending (§5); a blank one is not sent. On a
 * failure the text stays, with the spec's 'Failed to send message'.
 */
export function Composer({ conversationId }: { conversationId: number }) {
  const send = useSendMessage(conversationId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { field: useId(), counter: useId(), error: useId() };

  function submit() {
    const body = text.trim();
    if (!body) return setError(messageTexts.emptyMessage);
    if (body.length > MESSAGE_MAX) return setError(messageTexts.messageTooLong);
    if (send.isPending) return;
    setError(null);
    send.mutate(body, {
      onSuccess: () => setText((now) => (now === text ? "" : now)),
      onError: (error) =>
        showToast({
          title: "Error",
          description: failureText(error, messageTexts.sendFailed),
          variant: "destructive",
        }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  return (
    <form className="composer" onSubmit={onSubmit} aria-label="Send a message" noValidate>
      <label htmlFor={ids.field} className="visually-hidden">
        Message
      </label>
      <textarea
        id={ids.field}
        name="body"
        rows={2}
        maxLength={MESSAGE_MAX}
        placeholder="Write a message... (Enter sends, Shift+Enter for a new line)"
        value={text}
        aria-describedby={error ? `${ids.counter} ${ids.error}` : ids.counter}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="composer-foot">
        <span id={ids.counter} className="muted composer-counter">
          {text.length}/{MESSAGE_MAX}
          <span className="visually-hidden"> characters</span>
        </span>
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send"}
        </button>
      </div>
      {error && (
        <p id={ids.error} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
