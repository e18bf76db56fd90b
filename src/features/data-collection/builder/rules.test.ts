import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRules, rulesToExpression, SELF, type Rule, type RuleSet, type ValueKind } from './rules';

const kinds: Record<string, ValueKind> = { age: 'number', born: 'date' };
const kindOf = (subject: string) => kinds[subject] ?? 'text';

describe('rules to expressions', () => {
  it('writes XLSForm expressions as people write them', () => {
    const write = (rules: Rule[], join: RuleSet['join'] = 'and') =>
      rulesToExpression({ join, rules }, kindOf);
    expect(write([{ subject: 'consent', operator: '=', value: 'yes' }])).toBe("${consent} = 'yes'");
    expect(write([{ subject: 'age', operator: '>=', value: '18' }])).toBe('${age} >= 18');
    expect(write([{ subject: 'crops', operator: 'selected', value: 'maize' }])).toBe(
      "selected(${crops}, 'maize')",
    );
    expect(write([{ subject: 'crops', operator: 'not_selected', value: 'rice' }])).toBe(
      "not(selected(${crops}, 'rice'))",
    );
    expect(write([{ subject: SELF, operator: '>=', value: '18' }])).toBe(". >= '18'");
    expect(
      rulesToExpression(
        { join: 'and', rules: [{ subject: SELF, operator: '>=', value: '18' }] },
        () => 'number',
      ),
    ).toBe('. >= 18');
    expect(write([{ subject: 'born', operator: '<', value: '2010-01-01' }])).toBe(
      "${born} < date('2010-01-01')",
    );
    expect(write([{ subject: 'born', operator: '<=', value: 'today()' }])).toBe('${born} <= today()');
    expect(write([{ subject: 'name', operator: 'not_empty', value: '' }])).toBe("${name} != ''");
    expect(write([{ subject: 'name', operator: '=', value: "O'Brien" }])).toBe('${name} = "O\'Brien"');
    expect(
      write(
        [
          { subject: 'age', operator: '>=', value: '18' },
          { subject: 'consent', operator: '=', value: 'yes' },
        ],
        'or',
      ),
    ).toBe("${age} >= 18 or ${consent} = 'yes'");
  });

  it('leaves out rows that are not complete', () => {
    expect(
      rulesToExpression({
        join: 'and',
        rules: [
          { subject: '', operator: '=', value: 'x' },
          { subject: 'crops', operator: 'selected', value: '' },
          { subject: 'q', operator: '=', value: `both ' and "` },
          { subject: 'q', operator: 'empty', value: '' },
        ],
      }),
    ).toBe("${q} = ''");
  });
});

describe('expressions to rules', () => {
  it('reads back what the rows write, and hand-written spacing and brackets', () => {
    expect(parseRules("${consent}='yes' and (${age} >= 18)")).toEqual({
      join: 'and',
      rules: [
        { subject: 'consent', operator: '=', value: 'yes' },
        { subject: 'age', operator: '>=', value: '18' },
      ],
    });
    expect(parseRules('not(selected( ${crops} , "rice" )) or . < -2.5')).toEqual({
      join: 'or',
      rules: [
        { subject: 'crops', operator: 'not_selected', value: 'rice' },
        { subject: SELF, operator: '<', value: '-2.5' },
      ],
    });
    expect(parseRules("${born} > date('2010-01-01')")?.rules[0]).toEqual({
      subject: 'born',
      operator: '>',
      value: '2010-01-01',
    });
    expect(parseRules('. <= today()')?.rules[0]).toEqual({ subject: SELF, operator: '<=', value: 'today()' });
    expect(parseRules("${name} = ''")?.rules[0]?.operator).toBe('empty');
    expect(parseRules('')).toEqual({ join: 'and', rules: [] });
  });

  it('refuses what rows cannot say, so it stays raw', () => {
    for (const raw of [
      '${a} + 1 > 3',
      "${a} = 'x' and ${b} = 'y' or ${c} = 'z'",
      'string-length(.) > 3',
      'count-selected(${crops}) >= 2',
      "${a} = 'unterminated",
      "regex(., '^[0-9]+$')",
      '${a} =',
      '${a}',
      '.. = 1',
      '18 <= ${age}',
    ])
      expect(parseRules(raw), raw).toBeNull();
  });

  it('round-trips any rows it writes', () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/).filter((n) => n !== 'and' && n !== 'or');
    const rule = fc.oneof(
      fc.record({
        subject: fc.oneof(name, fc.constant(SELF)),
        operator: fc.constantFrom(
          '=' as const,
          '!=' as const,
          '>' as const,
          '>=' as const,
          '<' as const,
          '<=' as const,
        ),
        value: fc.oneof(
          fc.integer({ min: -1000, max: 1000 }).map(String),
          fc.string({ minLength: 1 }).filter((s) => !(s.includes("'") && s.includes('"'))),
        ),
      }),
      fc.record({
        subject: fc.oneof(name, fc.constant(SELF)),
        operator: fc.constantFrom('selected' as const, 'not_selected' as const),
        value: fc.stringMatching(/^[A-Za-z0-9_]{1,6}$/),
      }),
      fc.record({
        subject: name,
        operator: fc.constantFrom('empty' as const, 'not_empty' as const),
        value: fc.constant(''),
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('and' as const, 'or' as const),
        fc.array(rule, { minLength: 1, maxLength: 4 }),
        (join, rules) => {
          // Text equal to '' is what "is empty" writes, so it reads back as that.
          const meant = rules.map((r) =>
            (r.operator === '=' || r.operator === '!=') && r.value === ''
              ? { ...r, operator: r.operator === '=' ? ('empty' as const) : ('not_empty' as const) }
              : r,
          );
          const expression = rulesToExpression({ join, rules });
          const read = parseRules(expression);
          expect(read?.rules).toEqual(meant);
          if (rules.length > 1) expect(read?.join).toBe(join);
          expect(rulesToExpression(read!)).toBe(expression);
        },
      ),
    );
  });
});
