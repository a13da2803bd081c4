// expect: feature-not-to-app
// One folder deeper than features/<x>/<folder>/: "../../../../app" escaped the pattern "../../../app/**".
import { routes } from "../../../../app/router";

export const heroRoutes = routes;
