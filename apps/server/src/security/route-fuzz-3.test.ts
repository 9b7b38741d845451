import { describeRouteFuzz } from '../testing/security/route-fuzz';

// Part 3 of every route's fuzzing (../testing/security/route-fuzz.ts says why in parts).
describeRouteFuzz(2, 4);
