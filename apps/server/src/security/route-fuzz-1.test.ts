import { describeRouteFuzz } from '../testing/security/route-fuzz';

// Part 1 of every route's fuzzing (../testing/security/route-fuzz.ts says why in parts).
describeRouteFuzz(0, 4);
