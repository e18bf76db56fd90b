import { useState } from 'react';
import { DEFAULT_BLOG_IMAGE, blogImageSrc } from '../blog-image';

/** A blog's picture: 2:1, sized before it loads (no layout shift), fetched only near the viewport. */
export function BlogImage({
  imageUrl,
  className = 'aspect-[2/1] h-auto w-full bg-brand-50 object-cover dark:bg-slate-800',
  eager = false,
}: {
  imageUrl: string | null;
  className?: string;
  /** The page's main picture loads at once; card pictures wait until they are near the viewport. */
  eager?: boolean;
}) {
  // A remote picture that fails (gone, blocked, offline) falls back to the bundled one.
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? DEFAULT_BLOG_IMAGE : blogImageSrc(imageUrl)}
      // Decorative: the title beside it says what the post is about.
      alt=""
      width={640}
      height={320}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
