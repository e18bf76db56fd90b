import type { HelpTopic } from './help-articles';

/** Lower-cased and stripped of accents, so 'resume' finds 'résumé'. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const queryWords = (query: string) => normalise(query).split(/\s+/).filter(Boolean);

/**
 * Topics with only the articles whose question, answer or topic title (an article under 'Data collection
 * & offline use' is about offline use) contains every word of the query.
 */
export function searchHelpTopics(topics: HelpTopic[], query: string): HelpTopic[] {
  const words = queryWords(query);
  if (words.length === 0) return topics;
  return topics
    .map((topic) => ({
      ...topic,
      articles: topic.articles.filter((article) => {
        const text = normalise([topic.title, article.question, ...article.answer].join(' '));
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((topic) => topic.articles.length > 0);
}

export const countArticles = (topics: HelpTopic[]) =>
  topics.reduce((sum, topic) => sum + topic.articles.length, 0);
