/**
 * The password login without JavaScript: what the login page says after its form was posted and
 * refused (`?problem=` names one of these messages; anything else is ignored, so no URL can make
 * the page say something of its own).
 */
export const LOGIN_FORM_PROBLEMS = [
  'userNotRegistered',
  'wrongPassword',
  'captchaRequired',
  'captchaWrong',
  'tooManyRequests',
  'loginFormFailed',
] as const;

export type LoginFormProblem = (typeof LOGIN_FORM_PROBLEMS)[number];

export function loginFormProblem(value: string | null): LoginFormProblem | null {
  return (LOGIN_FORM_PROBLEMS as readonly (string | null)[]).includes(value) ? (value as LoginFormProblem) : null;
}
