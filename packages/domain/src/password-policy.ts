// The password policy (docs/product/accounts.md "Passwords"): one rule for sign-up, a reset and a change
// from the profile, applied by the API and shown by the web's strength meter as the person types.
//
// A new password has 8 to 200 characters, is not only spaces, and is not easy to guess: the zxcvbn
// estimate (0 to 4) must be at least 2. The estimate refuses the most common passwords ("password",
// "12345678", "qwertyui": the `passwords-common` list), keyboard rows, repeats and sequences.
// zxcvbn and its dictionaries weigh about a megabyte, so they are imported on first use only: this
// module itself stays light for any page that imports it (the web's first load must not grow).

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** The lowest zxcvbn score accepted: 2 "somewhat guessable" (about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 2;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** What the meter and a refusal say about a password. */
export interface PasswordVerdict {
  score: PasswordScore;
  /** "Too weak" … "Very strong". */
  label: string;
  /** True when the policy accepts it. */
  isAcceptable: boolean;
  /** Why it is refused, in words a person understands; null when accepted. */
  problem: string | null;
  /** A suggestion to make it stronger (always set while it is refused), or null. */
  hint: string | null;
}

export const PASSWORD_SCORE_LABELS: Record<PasswordScore, string> = {
  0: 'Too weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};

const STRONGER = 'Choose a stronger password:';
export const PASSWORD_HINT = 'Use a few unrelated words, or add more characters. Avoid names, dates and keyboard patterns.';

export const PASSWORD_PROBLEMS = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  onlySpaces: `${STRONGER} it cannot be only spaces`,
  common: `${STRONGER} it is one of the most common passwords`,
  similarToCommon: `${STRONGER} it is too close to one of the most common passwords`,
  repeat: `${STRONGER} it repeats the same characters`,
  sequence: `${STRONGER} it is a simple sequence such as abcd or 1234`,
  keyboard: `${STRONGER} it is a row or pattern of keys on the keyboard`,
  date: `${STRONGER} dates and years are easy to guess`,
  name: `${STRONGER} names and common words on their own are easy to guess`,
  guessable: `${STRONGER} it would be guessed quickly`,
} as const;

/**
 * The checks that need no dictionary (length, only spaces): instant, for a form's own validation.
 * Returns the problem, or null when the password passes them.
 */
export function findPasswordShapeProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_PROBLEMS.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_PROBLEMS.tooLong;
  if (password.trim() === '') return PASSWORD_PROBLEMS.onlySpaces;
  return null;
}

/** zxcvbn's warning keys (its `feedback.warning`), read as the policy's words. */
const PROBLEM_OF_WARNING: Record<string, string> = {
  topTen: PASSWORD_PROBLEMS.common,
  topHundred: PASSWORD_PROBLEMS.common,
  common: PASSWORD_PROBLEMS.common,
  similarToCommon: PASSWORD_PROBLEMS.similarToCommon,
  simpleRepeat: PASSWORD_PROBLEMS.repeat,
  extendedRepeat: PASSWORD_PROBLEMS.repeat,
  sequences: PASSWORD_PROBLEMS.sequence,
  straightRow: PASSWORD_PROBLEMS.keyboard,
  keyPattern: PASSWORD_PROBLEMS.keyboard,
  dates: PASSWORD_PROBLEMS.date,
  recentYears: PASSWORD_PROBLEMS.date,
  namesByThemselves: PASSWORD_PROBLEMS.name,
  commonNames: PASSWORD_PROBLEMS.name,
  userInputs: PASSWORD_PROBLEMS.guessable,
  pwned: PASSWORD_PROBLEMS.common,
  wordByItself: PASSWORD_PROBLEMS.name,
};

type Estimate = (password: string) => { score: PasswordScore; warning: string | null };

let estimator: Promise<Estimate> | undefined;

/** zxcvbn with the common dictionaries (the `passwords-common` list among them), loaded once, on first use. */
function loadEstimator(): Promise<Estimate> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    const zxcvbn = new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
    return (password: string) => {
      const result = zxcvbn.check(password);
      return { score: result.score as PasswordScore, warning: result.feedback.warning };
    };
  })();
  // A failed load (the web offline) is tried again next time.
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/** Loads the estimator ahead of need (the web does it when a password field is shown). */
export function preloadPasswordPolicy(): Promise<void> {
  return loadEstimator().then(() => undefined);
}

/** The whole policy: the shape checks, then the zxcvbn score. */
export async function judgePassword(password: string): Promise<PasswordVerdict> {
  const shapeProblem = findPasswordShapeProblem(password);
  // Too short, too long or only spaces: nothing to estimate, and the meter shows the first bar.
  if (shapeProblem) {
    return {
      score: 0,
      label: PASSWORD_SCORE_LABELS[0],
      isAcceptable: false,
      problem: shapeProblem,
      hint: shapeProblem === PASSWORD_PROBLEMS.tooLong ? null : PASSWORD_HINT,
    };
  }
  const { score, warning } = (await loadEstimator())(password);
  const isAcceptable = score >= MIN_PASSWORD_SCORE;
  return {
    score,
    label: PASSWORD_SCORE_LABELS[score],
    isAcceptable,
    problem: isAcceptable ? null : ((warning && PROBLEM_OF_WARNING[warning]) ?? PASSWORD_PROBLEMS.guessable),
    hint: isAcceptable ? (score < 3 ? PASSWORD_HINT : null) : PASSWORD_HINT,
  };
}
