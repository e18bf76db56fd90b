import { describe, expect, it } from 'vitest';
import { blogImageSrc, DEFAULT_BLOG_IMAGE, isDefaultBlogImage } from './blog-image';

describe('the default blog image rule (SPEC §3)', () => {
  it.each([null, undefined, '', '  ', 'blog-default.png', ' Blog-Default.PNG '])(
    'uses the default for %o',
    (v) => {
      expect(isDefaultBlogImage(v)).toBe(true);
      expect(blogImageSrc(v)).toBe(DEFAULT_BLOG_IMAGE);
    },
  );

  it('keeps a post’s own picture', () => {
    expect(isDefaultBlogImage('https://images.example.org/blog-default.png.jpg')).toBe(false);
    expect(blogImageSrc(' https://images.example.org/a.png ')).toBe('https://images.example.org/a.png');
  });
});
