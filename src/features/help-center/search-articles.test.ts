import { describe, expect, it } from 'vitest';
import { helpTopics } from './help-articles';
import { countArticles, searchHelpTopics } from './search-articles';

describe('searchHelpTopics', () => {
  it('has at least 15 articles across the seven topics', () => {
    expect(countArticles(helpTopics)).toBeGreaterThanOrEqual(15);
    expect(helpTopics.map((t) => t.title)).toEqual([
      'Getting started',
      'Accounts & sign-in',
      'Grants',
      'Data collection & offline use',
      'Fundraising & payments',
      'Billing',
      'Privacy',
    ]);
  });

  it('returns everything for an empty or blank query', () => {
    expect(searchHelpTopics(helpTopics, '')).toBe(helpTopics);
    expect(searchHelpTopics(helpTopics, '   ')).toBe(helpTopics);
  });

  it('matches questions and answers, ignoring case, and needs every word', () => {
    const byQuestion = searchHelpTopics(helpTopics, 'FORGOT password');
    expect(byQuestion.flatMap((t) => t.articles.map((a) => a.id))).toEqual(['reset-password']);

    // 'mobile money' appears only in answers.
    const byAnswer = searchHelpTopics(helpTopics, 'mobile money');
    expect(byAnswer.flatMap((t) => t.articles.map((a) => a.id))).toContain('donation-methods');

    expect(searchHelpTopics(helpTopics, 'password zebra')).toEqual([]);
  });

  it('drops topics left without articles', () => {
    const topics = searchHelpTopics(helpTopics, 'renewal');
    expect(topics.every((t) => t.articles.length > 0)).toBe(true);
    expect(topics.map((t) => t.id)).toEqual(['billing']);
  });
});

describe('searching by topic', () => {
  it("finds an article by its topic's title too", () => {
    const ids = searchHelpTopics(helpTopics, 'offline').flatMap((t) => t.articles.map((a) => a.id));
    const offlineTopic = helpTopics.find((t) => t.title.toLowerCase().includes('offline'))!;
    expect(ids).toEqual(expect.arrayContaining(offlineTopic.articles.map((a) => a.id)));
  });
});
