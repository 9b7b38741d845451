import { z } from 'zod';
import communityFile from './demo-community.json';

// The demo's board posts (with their replies) and comments on problems. Like the subjects
// (demo-subjects.ts; decision 053), the text is data, written once in demo-community.json and read
// through a schema, so a slip in the file stops the seed with the place it is in.

const communitySchema = z.strictObject({
  posts: z.array(
    z.strictObject({
      board: z.enum(['notice', 'free', 'qna']),
      /** A demo member's id. */
      author: z.string(),
      daysAgo: z.number(),
      title: z.string(),
      /** Rich HTML, as the board editor saves it. */
      content: z.string(),
      views: z.number().int(),
      replies: z.array(z.strictObject({ author: z.string(), text: z.string(), hoursLater: z.number() })),
    }),
  ),
  /** Comments on problems, each naming its problem by the key it has in demo-subjects.json. */
  problemReplies: z.array(z.strictObject({ key: z.string(), author: z.string(), text: z.string(), daysAgo: z.number() })),
});

export const { posts: DEMO_POSTS, problemReplies: DEMO_PROBLEM_REPLIES } = communitySchema.parse(communityFile);
