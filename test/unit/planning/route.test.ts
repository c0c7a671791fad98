import { describe, expect, it } from 'vitest';
import { multiHopReason, routeQuestion } from '@/lib/planning/route';

describe('the router: which questions are one lookup', () => {
  it.each([
    'What is the population of Exampleville?',
    'Who wrote Hamlet?',
    'What is the current price of a Tesla Model 3?',
    'How many residents does Exampleville have? (run 2)',
    'What does "Firefox — Customize and make it your own" say? [site1.test]',
    'What is inflation?',
  ])('single-hop, planned in code: %s', (q) => {
    const r = routeQuestion(q);
    expect(r).toMatchObject({ search: true, singleHop: true });
    expect(r.reason).toContain('single-hop, queries planned in code');
  });

  it.each([
    ['When was Acme founded and who is its CEO?', 'two questions in one'],
    ['When was Acme founded? Who runs it now?', 'two questions in one'],
    ['Compare the population of Paris with Berlin', 'a comparison'],
    ['What is the difference between a virus and a bacterium?', 'a comparison'],
    ['Is a visa required if the stay is under 90 days?', 'a condition'],
    ['Is my plan affected by the new tariff?', 'words that point to a context the search cannot see'],
    ['When was it released?', 'words that point to a context the search cannot see'],
    ['Which parties won seats in the election last year?', 'a relative time'],
    [
      'Which European capital cities had rising rents, falling vacancy rates, higher wages, longer commutes and more tourists?',
      '13 content words',
    ],
  ])('not single-hop, the model plans: %s (%s)', (q, reason) => {
    expect(multiHopReason(q)).toBe(reason);
    const r = routeQuestion(q);
    expect(r.search).toBe(true);
    expect(r.singleHop).toBeUndefined();
    expect(r.reason).toContain(`the model plans the queries (not single-hop: ${reason})`);
  });

  it('a quoted name is not read for those signs', () => {
    expect(multiHopReason('What does "This and that: if it rains" say?')).toBeUndefined();
    expect(multiHopReason('What does this and that say?')).toBeDefined();
  });

  it('a release question is single-hop too, its subject kept; transformations and arithmetic are not searched', () => {
    expect(routeQuestion('What is the latest release of Node.js?')).toMatchObject({
      search: true,
      singleHop: true,
      release: { subject: 'Node.js' },
    });
    expect(routeQuestion('Translate this into French: good morning')).toMatchObject({ search: false });
    expect(routeQuestion('12 * (3 + 4)')).toMatchObject({ search: false });
  });
});
