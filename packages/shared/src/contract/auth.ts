import type { authSchemas as S } from "./auth.schemas";
import { endpoint } from "./endpoint";

export const authEndpoints = {
  session: endpoint<typeof S.session>("get", "/session"),
  staffSignIn: endpoint<typeof S.staffSignIn>("post", "/auth/sign-in"),
  staffSignUp: endpoint<typeof S.staffSignUp>("post", "/auth/sign-up"),
  signOut: endpoint<typeof S.signOut>("post", "/auth/sign-out"),
  forgotPassword: endpoint<typeof S.forgotPassword>("post", "/auth/password/forgot"),
  checkResetLink: endpoint<typeof S.checkResetLink>("get", "/auth/password/reset"),
  resetPassword: endpoint<typeof S.resetPassword>("post", "/auth/password/reset"),
  studentSignIn: endpoint<typeof S.studentSignIn>("post", "/auth/student/sign-in"),
};
