/**
 * The words of a company's intake questions (service contract §11), in English. Only
 * `<bw-intake-questions>` and the rules that check its answers read them, so they come with
 * the questions' chunk and the script-tag bundle carries none (most companies ask no
 * questions). Every other language carries its own as `intake` in its main catalog, which a
 * visitor in that language loads anyway: no request of their own.
 */
export const intakeEn = {
  questions: 'Questions',
  questionsPart: (n: number, total: number) => `Questions, part ${n} of ${total}`,
  chooseOption: 'Choose…',
  tooShort: (min: number) => `Please use at least ${min} characters.`,
  /** A required checkbox (a consent, a yes or no) left unticked. */
  tickBox: 'Please tick this box.',
  /** A required choice (radio buttons, a list, checkboxes) with nothing chosen. */
  chooseAnswer: 'Please choose an answer.',
};

export type IntakeMessages = typeof intakeEn;

/** The intake questions' words in the language of `messages`: its own, or English's. */
export const intakeWords = (messages: { intake?: IntakeMessages | undefined }): IntakeMessages => messages.intake ?? intakeEn;
