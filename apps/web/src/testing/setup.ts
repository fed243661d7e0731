// Unit-test set-up. Screens load their routes lazily, and on a loaded two-core machine the first import
// of a route can take seconds: findBy… queries wait up to 5 s for what they look for (they still fail
// when it never comes), and each test may take 15 s in all.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
