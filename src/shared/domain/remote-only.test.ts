import { describe, expect, it } from 'vitest';
import {
  REMOTE_KEYWORDS,
  checkRemoteOnly,
  findInPersonPhrases,
  hasRemoteKeyword,
} from './remote-only';

const REMOTE_DESCRIPTION = 'Please inspect the listing photos and send a written report.';
const MORE_DETAIL = 'Please provide more detail about what remote service you need.';
const CLARIFY =
  'Consider clarifying that this work can be done remotely (photos, videos, virtual assessment, etc.)';

describe('checkRemoteOnly', () => {
  it('passes a clearly remote task with no errors or warnings', () => {
    expect(checkRemoteOnly({ title: 'Check an apartment', description: REMOTE_DESCRIPTION })).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it.each([
    ['come to my', 'Could you come to my house and look at the boiler?'],
    ['meet me', 'Please meet me at the cafe and check the phone I am buying.'],
    ['come over', 'Come over on Saturday and inspect the garage.'],
    ['pick up', 'Pick up the package at the post office.'],
    ['deliver', 'Deliver the parcel to the buyer and send a photo.'],
    ['stop by my place', 'Stop by my place tomorrow and check the router.'],
  ])('refuses the spec\'s in-person request "%s" with the spec\'s text', (phrase, description) => {
    const result = checkRemoteOnly({ title: 'Help needed', description });
    expect(result.errors).toEqual([
      `Task appears to request in-person services ("${phrase}"). This platform only supports remote services.`,
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('matches case-insensitively, in the title too, and across hyphens or several spaces', () => {
    expect(findInPersonPhrases('Please VISIT us')).toEqual(['visit us']);
    expect(findInPersonPhrases('A face-to-face chat')).toEqual(['face to face']);
    expect(findInPersonPhrases('meet   me there')).toEqual(['meet me']);
    const result = checkRemoteOnly({ title: 'Come over at noon', description: REMOTE_DESCRIPTION });
    expect(result.errors[0]).toContain('("come over")');
  });

  it('matches only whole words', () => {
    expect(findInPersonPhrases('visiting hours, a visitor, revisit the delivery, physicallyness')).toEqual(
      [],
    );
    expect(findInPersonPhrases('a cargo top, pickup truck, undeliverable, unclean')).toEqual([]);
    expect(findInPersonPhrases('I will go tomorrow')).toEqual([]);
  });

  it('lists every phrase found in one error, in the order they appear', () => {
    const result = checkRemoteOnly({
      title: 'Meet me and pick up',
      description: 'Drive to the store and deliver it to my office.',
    });
    expect(result.errors).toEqual([
      'Task appears to request in-person services ("meet me", "pick up", "deliver"). This platform only supports remote services.',
    ]);
  });

  it('never names the product', () => {
    const [error] = checkRemoteOnly({ title: 'meet me', description: REMOTE_DESCRIPTION }).errors;
    expect(error).toMatch(
      /^Task appears to request in-person services \(.+\)\. .+ only supports remote services\.$/,
    );
  });

  it('asks for more detail below 10 characters of description, counted after trimming', () => {
    expect(checkRemoteOnly({ title: 'Inspect my car', description: '   short   ' }).errors).toEqual([
      MORE_DETAIL,
    ]);
    expect(checkRemoteOnly({ title: 'Inspect my car', description: '' }).errors).toEqual([MORE_DETAIL]);
    expect(checkRemoteOnly({ title: 'Inspect my car', description: null }).errors).toEqual([MORE_DETAIL]);
    expect(checkRemoteOnly({ title: 'Inspect my car', description: '123456789' }).errors).toEqual([
      MORE_DETAIL,
    ]);
    expect(checkRemoteOnly({ title: 'Inspect my car', description: '1234567890' }).errors).toEqual([]);
  });

  it('reports both errors together', () => {
    expect(checkRemoteOnly({ title: 'Come over', description: 'now' }).errors).toHaveLength(2);
  });

  it('warns when no remote keyword is present and there are no errors', () => {
    expect(checkRemoteOnly({ title: 'Apartment', description: 'A two bedroom flat downtown.' })).toEqual({
      errors: [],
      warnings: [CLARIFY],
    });
  });

  it('does not warn when there are errors', () => {
    expect(checkRemoteOnly({ title: 'Apartment', description: 'Come to my flat.' }).warnings).toEqual([]);
  });

  it.each(REMOTE_KEYWORDS)('accepts the remote keyword "%s" (and words built on it)', (keyword) => {
    expect(hasRemoteKeyword(`Please ${keyword.toUpperCase()} it`)).toBe(true);
    expect(hasRemoteKeyword(`the ${keyword}s`)).toBe(true);
    expect(
      checkRemoteOnly({ title: 'Apartment', description: `A flat; ${keyword} please.` }).warnings,
    ).toEqual([]);
  });

  it('does not count a keyword inside another word', () => {
    expect(hasRemoteKeyword('unchecked prereview')).toBe(false);
  });

  it('treats a missing title as empty', () => {
    expect(checkRemoteOnly({ description: REMOTE_DESCRIPTION })).toEqual({ errors: [], warnings: [] });
  });
});
