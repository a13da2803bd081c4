// expect: production-not-to-test-support
// A new top-level folder (src/hooks/): the string rules were listed per folder, and none named it.
import { courseFixture } from "../test/fixtures/courses";

export const useDemoCourse = () => courseFixture;
