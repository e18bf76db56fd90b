import { useMemo } from 'react';
import { messageTokens, type MentionTarget } from '../message-tokens';

/**
 * A message's text as React elements: line breaks kept, http(s) links clickable (opening apart,
 * without the opener or referrer), mentions of the people the message names highlighted. Never HTML.
 */
export function MessageBody({
  body,
  mentioned,
  viewerId,
}: {
  body: string;
  mentioned: readonly MentionTarget[];
  viewerId: string;
}) {
  const tokens = useMemo(() => messageTokens(body, mentioned), [body, mentioned]);
  return (
    <p className="break-words whitespace-pre-wrap">
      {tokens.map((token, i) => {
        if (token.type === 'link')
          return (
            <a
              key={i}
              href={token.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-brand-700 underline dark:text-brand-100"
            >
              {token.text}
            </a>
          );
        if (token.type === 'mention')
          return (
            <span
              key={i}
              className={
                token.userId === viewerId
                  ? 'rounded bg-amber-200 px-0.5 font-semibold text-amber-950 dark:bg-amber-700 dark:text-white'
                  : 'rounded bg-brand-50 px-0.5 font-semibold text-brand-800 dark:bg-brand-800/40 dark:text-brand-100'
              }
            >
              {token.text}
            </span>
          );
        return <span key={i}>{token.text}</span>;
      })}
    </p>
  );
}
