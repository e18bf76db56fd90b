import type { Blog } from '@contract/blogs';

const base: Omit<Blog, 'id' | 'title' | 'category' | 'summary' | 'postDate'> = {
  content: '## Say thanks\n\nCall within **48 hours**.',
  imageUrl: null,
  author: 'Amina Okafor',
  source: 'manual',
  createdAt: '2026-04-02T08:00:00.000Z',
  generatedAt: null,
  tone: null,
  keywords: null,
};

export const blogsFixture: Blog[] = [
  {
    ...base,
    id: 'b1',
    title: 'Five ways to thank donors',
    category: 'Fundraising',
    summary: 'Gratitude keeps supporters giving.',
    postDate: '2026-04-02',
    imageUrl: 'blog-default.png',
  },
  {
    ...base,
    id: 'b2',
    title: 'Impact reports that land',
    category: ' Impact ',
    summary: 'Numbers, stories and honesty.',
    postDate: '2026-03-20',
    author: 'Li Wei',
    imageUrl: 'https://images.example.org/impact.png',
  },
];
