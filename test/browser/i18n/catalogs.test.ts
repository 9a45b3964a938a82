import { expect } from '@open-wc/testing';
import { ar } from '../../../src/i18n/catalogs/ar.js';
import { de } from '../../../src/i18n/catalogs/de.js';
import { es } from '../../../src/i18n/catalogs/es.js';
import { fr } from '../../../src/i18n/catalogs/fr.js';
import { it as italian } from '../../../src/i18n/catalogs/it.js';
import { ja } from '../../../src/i18n/catalogs/ja.js';
import { nl } from '../../../src/i18n/catalogs/nl.js';
import { pl } from '../../../src/i18n/catalogs/pl.js';
import { pt } from '../../../src/i18n/catalogs/pt.js';
import { sv } from '../../../src/i18n/catalogs/sv.js';
import { zh } from '../../../src/i18n/catalogs/zh.js';
import { type Language, type Messages, SUPPORTED_LANGUAGES, en } from '../../../src/i18n/index.js';
import { intakeEn } from '../../../src/i18n/catalogs/intake-en.js';
import { liveAr } from '../../../src/i18n/catalogs/live/ar.js';
import { liveDe } from '../../../src/i18n/catalogs/live/de.js';
import { type LiveMessages, liveEn } from '../../../src/i18n/catalogs/live/en.js';
import { liveEs } from '../../../src/i18n/catalogs/live/es.js';
import { liveFr } from '../../../src/i18n/catalogs/live/fr.js';
import { liveIt } from '../../../src/i18n/catalogs/live/it.js';
import { liveJa } from '../../../src/i18n/catalogs/live/ja.js';
import { liveNl } from '../../../src/i18n/catalogs/live/nl.js';
import { livePl } from '../../../src/i18n/catalogs/live/pl.js';
import { livePt } from '../../../src/i18n/catalogs/live/pt.js';
import { liveSv } from '../../../src/i18n/catalogs/live/sv.js';
import { liveZh } from '../../../src/i18n/catalogs/live/zh.js';
import { manageAr } from '../../../src/i18n/catalogs/manage/ar.js';
import { manageDe } from '../../../src/i18n/catalogs/manage/de.js';
import { type ManageMessages, manageEn } from '../../../src/i18n/catalogs/manage/en.js';
import { manageEs } from '../../../src/i18n/catalogs/manage/es.js';
import { manageFr } from '../../../src/i18n/catalogs/manage/fr.js';
import { manageIt } from '../../../src/i18n/catalogs/manage/it.js';
import { manageJa } from '../../../src/i18n/catalogs/manage/ja.js';
import { manageNl } from '../../../src/i18n/catalogs/manage/nl.js';
import { managePl } from '../../../src/i18n/catalogs/manage/pl.js';
import { managePt } from '../../../src/i18n/catalogs/manage/pt.js';
import { manageSv } from '../../../src/i18n/catalogs/manage/sv.js';
import { manageZh } from '../../../src/i18n/catalogs/manage/zh.js';
import { queueAr } from '../../../src/i18n/catalogs/queue/ar.js';
import { queueDe } from '../../../src/i18n/catalogs/queue/de.js';
import { type QueueMessages, queueEn } from '../../../src/i18n/catalogs/queue/en.js';
import { queueEs } from '../../../src/i18n/catalogs/queue/es.js';
import { queueFr } from '../../../src/i18n/catalogs/queue/fr.js';
import { queueIt } from '../../../src/i18n/catalogs/queue/it.js';
import { queueJa } from '../../../src/i18n/catalogs/queue/ja.js';
import { queueNl } from '../../../src/i18n/catalogs/queue/nl.js';
import { queuePl } from '../../../src/i18n/catalogs/queue/pl.js';
import { queuePt } from '../../../src/i18n/catalogs/queue/pt.js';
import { queueSv } from '../../../src/i18n/catalogs/queue/sv.js';
import { queueZh } from '../../../src/i18n/catalogs/queue/zh.js';
import { takenAr } from '../../../src/i18n/catalogs/taken/ar.js';
import { takenDe } from '../../../src/i18n/catalogs/taken/de.js';
import { type TakenMessages, takenEn } from '../../../src/i18n/catalogs/taken/en.js';
import { takenEs } from '../../../src/i18n/catalogs/taken/es.js';
import { takenFr } from '../../../src/i18n/catalogs/taken/fr.js';
import { takenIt } from '../../../src/i18n/catalogs/taken/it.js';
import { takenJa } from '../../../src/i18n/catalogs/taken/ja.js';
import { takenNl } from '../../../src/i18n/catalogs/taken/nl.js';
import { takenPl } from '../../../src/i18n/catalogs/taken/pl.js';
import { takenPt } from '../../../src/i18n/catalogs/taken/pt.js';
import { takenSv } from '../../../src/i18n/catalogs/taken/sv.js';
import { takenZh } from '../../../src/i18n/catalogs/taken/zh.js';

// Typed by the language list, so a new language cannot be left out of these checks.
const catalogs: Record<Language, Messages> = { en, fr, de, es, it: italian, nl, pt, pl, sv, ja, zh, ar };
const liveCatalogs: Record<Language, LiveMessages> = {
  en: liveEn,
  fr: liveFr,
  de: liveDe,
  es: liveEs,
  it: liveIt,
  nl: liveNl,
  pt: livePt,
  pl: livePl,
  sv: liveSv,
  ja: liveJa,
  zh: liveZh,
  ar: liveAr,
};
const manageCatalogs: Record<Language, ManageMessages> = {
  en: manageEn,
  fr: manageFr,
  de: manageDe,
  es: manageEs,
  it: manageIt,
  nl: manageNl,
  pt: managePt,
  pl: managePl,
  sv: manageSv,
  ja: manageJa,
  zh: manageZh,
  ar: manageAr,
};
const queueCatalogs: Record<Language, QueueMessages> = {
  en: queueEn,
  fr: queueFr,
  de: queueDe,
  es: queueEs,
  it: queueIt,
  nl: queueNl,
  pt: queuePt,
  pl: queuePl,
  sv: queueSv,
  ja: queueJa,
  zh: queueZh,
  ar: queueAr,
};
const takenCatalogs: Record<Language, TakenMessages> = {
  en: takenEn,
  fr: takenFr,
  de: takenDe,
  es: takenEs,
  it: takenIt,
  nl: takenNl,
  pt: takenPt,
  pl: takenPl,
  sv: takenSv,
  ja: takenJa,
  zh: takenZh,
  ar: takenAr,
};
const translations = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');
/** English as every other catalog holds it: the intake questions' words are a file of their own in English only (intake-en.ts). */
const english: Required<Messages> = { ...en, intake: intakeEn };

/**
 * Every set of catalogs with its English: the main one, and the later parts' (catalogs/manage/,
 * queue/, taken/, live/), which load with their own code but follow the same rules.
 */
const catalogSets: { folder: string; english: object; catalogs: Record<Language, object> }[] = [
  { folder: '', english, catalogs },
  { folder: 'manage/', english: manageEn, catalogs: manageCatalogs },
  { folder: 'queue/', english: queueEn, catalogs: queueCatalogs },
  { folder: 'taken/', english: takenEn, catalogs: takenCatalogs },
  { folder: 'live/', english: liveEn, catalogs: liveCatalogs },
];

/**
 * Strings that may read the same as in English: product names, and words the language shares with English.
 * A path in a later part's catalog starts with its folder (`queue/joinLine`).
 */
const SAME_AS_ENGLISH: Partial<Record<Language, string[]>> = {
  de: ['optional'],
  es: ['googleCalendar'],
  it: ['googleCalendar'],
};

type Entry = { path: string; english: unknown; translated: unknown };

/** Every leaf of `english` paired with the same path in `messages`. */
function entries(english: object, messages: object): Entry[] {
  const walk = (english: unknown, translated: unknown, path: string): Entry[] =>
    typeof english === 'object' && english !== null && !isPluralForms(english)
      ? Object.keys(english).flatMap((key) =>
          walk(
            (english as Record<string, unknown>)[key],
            (translated as Record<string, unknown> | undefined)?.[key],
            path ? `${path}.${key}` : key,
          ),
        )
      : [{ path, english, translated }];
  return walk(english, messages, '');
}

const isPluralForms = (value: unknown): value is Record<string, string> => typeof value === 'object' && value !== null && 'other' in value;

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

/** Whether `category` stands for exactly one whole number in `language` (Arabic “two” is 2 and only 2). */
function namesOneNumber(language: string, category: string): boolean {
  const rules = new Intl.PluralRules(language);
  return Array.from({ length: 1000 }, (_, n) => n).filter((n) => rules.select(n) === category).length === 1;
}

/** Keys that are layout settings of the language, not text to translate. */
const SETTINGS = ['dir', 'nameOrder'];

describe('message catalogs', () => {
  for (const { folder, english: source, catalogs: set } of catalogSets) {
    for (const language of translations) {
      describe(`${folder}${language}`, () => {
        const messages = set[language];

        it('has every English key and no other, nested ones included', () => {
          const keys = (value: object): string[] =>
            Object.entries(value).flatMap(([key, child]) =>
              typeof child === 'object' && child !== null && !isPluralForms(child) ? keys(child).map((k) => `${key}.${k}`) : [key],
            );
          expect(keys(messages).sort()).to.deep.equal(keys(source).sort());
        });

        it('keeps the shape of every message: texts, functions taking the same values, plural forms', () => {
          for (const { path, english, translated } of entries(source, messages)) {
            if (isPluralForms(english)) {
              expect(isPluralForms(translated), `${path} is plural forms with “other”`).to.equal(true);
            } else if (typeof english === 'function') {
              expect(translated, path).to.be.a('function');
              expect((translated as () => string).length, `${path} takes as many values as English`).to.equal(english.length);
            } else {
              expect(translated, path).to.be.a(typeof english);
              expect(String(translated).trim(), `${path} is not empty`).not.to.equal('');
            }
          }
        });

        it('puts every value a function receives into its text', () => {
          for (const { path, english, translated } of entries(source, messages)) {
            if (typeof english !== 'function') continue;
            const values = Array.from({ length: english.length }, (_, i) => `⟦${i}⟧`);
            const text = (translated as (...args: string[]) => string)(...values);
            for (const value of values) expect(text, path).to.contain(value);
          }
        });

        it('has exactly the plural forms the language uses', () => {
          const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          for (const { path, english, translated } of entries(source, messages)) {
            if (!isPluralForms(english)) continue;
            expect(Object.keys(translated as object).sort(), path).to.deep.equal([...categories].sort());
          }
        });

        it('keeps the placeholders English has, and invents none', () => {
          for (const { path, english, translated } of entries(source, messages)) {
            if (isPluralForms(english)) {
              for (const [category, form] of Object.entries(translated as Record<string, string>)) {
                expect(placeholders(form), `${path}.${category}`).to.deep.equal(placeholders(english.other));
                // A form for a single number (Arabic “two”) may spell it out; any other must show it.
                if (english.other.includes('#') && !namesOneNumber(language, category)) {
                  expect(form, `${path}.${category} shows the number`).to.contain('#');
                }
              }
            } else if (typeof english === 'string') {
              expect(placeholders(translated as string), path).to.deep.equal(placeholders(english));
            }
          }
        });

        it('translates every text rather than leaving it in English', () => {
          const allowed = SAME_AS_ENGLISH[language] ?? [];
          const untranslated = entries(source, messages)
            .filter(({ path, english, translated }) => typeof english === 'string' && !SETTINGS.includes(path) && translated === english)
            .map(({ path }) => path)
            .filter((path) => !allowed.includes(`${folder}${path}`));
          expect(untranslated).to.deep.equal([]);
        });
      });
    }
  }

  it('asks for the family name first in Japanese and Chinese only', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(catalogs[language].nameOrder, language).to.equal(['ja', 'zh'].includes(language) ? 'family-given' : 'given-family');
    }
  });

  it('writes Arabic right to left and every other language left to right', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(catalogs[language].dir, language).to.equal(language === 'ar' ? 'rtl' : 'ltr');
    }
  });

  it('joins a day to "no free times", and "current time" to the time, with the language’s own punctuation', () => {
    // Arabic's comma, Chinese's and Japanese's full-width marks, French's space before a colon: not an English comma or colon.
    expect([ar, zh, ja, en].map((messages) => messages.unavailableDay('D'))).to.deep.equal([
      'D، لا توجد مواعيد متاحة',
      'D，无空闲时间',
      'D、空きなし',
      'D, no free times',
    ]);
    expect([manageFr, manageAr, manageZh, manageJa].map((messages) => messages.currentTimeIs('T'))).to.deep.equal([
      'Horaire actuel\u00a0: T',
      'الموعد الحالي: T',
      '当前时间：T',
      '現在の日時：T',
    ]);
  });
});
