import { describeRouteFuzz } from '../testing/security/route-fuzz';

// Part 4 of every route's fuzzing (../testing/security/route-fuzz.ts says why in parts).
describeRouteFuzz(3, 4);
