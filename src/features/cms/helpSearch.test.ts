import { describe, expect, it } from 'vitest';
import { searchHelp } from './helpSearch';
import { HELP } from './testContent';

const slugs = (query: string) => searchHelp(HELP, query).map((match) => match.topic.slug);

describe('searchHelp', () => {
  it('finds nothing for an empty query', () => {
    expect(slugs('  ')).toEqual([]);
  });

  it('needs every word, anywhere in the title, the subject or the text, in any case', () => {
    expect(slugs('hide coordinate')).toEqual(['hidden-coordinates']);
    expect(slugs('DEVICE signal')).toEqual(['record-offline']);
    expect(slugs('privacy')).toEqual(['public-and-private', 'hidden-coordinates']);
    expect(slugs('device zebra')).toEqual([]);
  });

  it('ignores accents', () => {
    expect(slugs('DÉVICE')).toEqual(['record-offline']);
  });

  it('puts topics whose title holds every word first, then the others, each in the help order', () => {
    // "sighting" is in both privacy topics' titles, and only in the subject of the recording one.
    expect(slugs('sighting')).toEqual(['public-and-private', 'hidden-coordinates', 'record-offline']);
  });
});
