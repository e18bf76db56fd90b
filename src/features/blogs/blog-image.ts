/** Bundled with the app (public/images), so a card never waits on, or breaks with, a remote image. */
export const DEFAULT_BLOG_IMAGE = '/images/blog-default.svg';

/** SPEC §3: 'blog-default.png' or an empty value means the default blog image. */
export function isDefaultBlogImage(imageUrl: string | null | undefined): boolean {
  const value = imageUrl?.trim() ?? '';
  return value === '' || value.toLowerCase() === 'blog-default.png';
}

/** The image a blog card or page shows. */
export const blogImageSrc = (imageUrl: string | null | undefined) =>
  isDefaultBlogImage(imageUrl) ? DEFAULT_BLOG_IMAGE : imageUrl!.trim();
