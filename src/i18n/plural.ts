/** Plural messages through `Intl.PluralRules`, with `#` for the number and `{name}` for other values. */

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

export function plural(
  locale: string,
  forms: PluralForms,
  count: number,
  values: Record<string, string> = {},
  formatNumber: (n: number) => string = String,
): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  const form = forms[rule.select(count)] ?? forms.other;
  return form.replace(/#/g, formatNumber(count)).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
