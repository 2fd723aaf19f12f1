import type { Random } from "../../../db/seed/random";

/**
 * What demo members write: open-mat posts with the gym, a training partner and a technique
 * filled in. `{gym}` and `{city}` name a demo school, `{partner}` another demo member. The
 * bench's feed seed writes its posts with the same generator.
 */

export interface PostContext {
  gym: string;
  city: string;
  partner: string;
}

const SUBMISSIONS = [
  "armbar",
  "triangle",
  "kimura",
  "guillotine",
  "bow and arrow",
  "darce",
  "heel hook",
  "rear naked choke",
  "ezekiel",
  "loop choke",
  "omoplata",
  "baseball bat choke",
];
const SWEEPS = [
  "scissor sweep",
  "hip bump sweep",
  "butterfly sweep",
  "flower sweep",
  "tripod sweep",
  "berimbolo",
  "waiter sweep",
  "old school sweep",
];
const POSITIONS = [
  "closed guard",
  "half guard",
  "side control",
  "mount",
  "back control",
  "de la Riva",
  "knee shield",
  "single leg X",
  "north-south",
  "turtle",
];
const DAYS = ["Saturday", "Sunday", "Friday night", "Thursday", "Wednesday", "Tuesday", "Monday"];

const TEMPLATES = [
  "Saturday open mat at {gym} was packed. Rolled seven rounds and got caught in the same {sub} twice. Back Monday to fix it.",
  "Anyone heading to {gym} this {day}? Looking for a few no-gi rounds, all levels welcome.",
  "Finally hit the {sweep} I've been drilling for a month. Live. On a brown belt. Not going to shut up about it.",
  "Rolled with @{partner} today. That pressure passing is no joke, my ribs are still filing a complaint.",
  "Knee is feeling better. Light flow rolls only this week, but it felt good to be back on the mats at {gym}.",
  "Visited {gym} in {city} while travelling for work. Super welcoming crowd, great rounds, will be back.",
  "Spent the whole open mat on {position} escapes. Boring? Yes. Necessary? Also yes.",
  "Shout out to @{partner} for showing me the details on the {sub} from {position}. Game changer.",
  "Gi open mat at {gym} tonight. Bring a white gi if you have one, they're doing a photo after.",
  "Six rounds, zero submissions, one very sweaty gi. Good night.",
  "Hot take: open mat is better than class. You learn what actually works on you.",
  "Got my first stripe today! Celebrated by getting smashed at open mat. Perfect day.",
  "Who else drills {sweep} to {position} on repeat? Looking for a partner at {gym} before the {day} open mat.",
  "PSA: {gym} moved their {day} open mat to an hour earlier. Check the schedule before you drive over.",
  "Tried leading with {position} for the whole open mat. Got passed a lot. Learned even more.",
  "@{partner} caught me with a {sub} I never saw coming. Respect. Rematch next week.",
  "Ten-minute rounds at {gym} today. Cardio is a submission too.",
  "Drove an hour to {city} for the {day} open mat at {gym}. Worth every mile.",
  "Note to self: stop posting up on my hand in {position}. Kimura city.",
  "Competition in three weeks. Open mats every day until then. Send ice.",
  "Big thanks to everyone at {gym} for the welcome. Drop-in fee was fair and the rounds were even better.",
  "Worked the {sub} from {position} all morning. Hit it twice live. Slowly getting there.",
  "Rolled with a 60-year-old black belt today and learned more in five minutes than in a month of videos.",
  "Open mat etiquette reminder: slap, bump, roll. And please wash your rashguard.",
  "My {sweep} finally works on people my own size. Small wins.",
  "Rest day. Watching competition footage and taking notes on {position} retention.",
  "No-gi open mat at {gym} tonight was the best session I've had in months. Thanks @{partner} for the rounds.",
  "Anyone know a good open mat near {city} on {day}s? Moving there next month.",
  "Got subbed four times. Escaped {position} once. I'm calling it progress.",
  "Brought my teammate to {gym} for her first open mat. She tapped a purple belt. I have created a monster.",
  "Fundamentals night: {position} to {sub}. Ten reps each side, then live rounds. Simple works.",
  "Can't believe how good the mats smell at {gym}. Someone actually cleans them. Five stars.",
  "First open mat back after the holidays. Lungs: gone. Grips: gone. Happiness: back.",
  "Still thinking about that {sub} escape @{partner} showed me. Going to drill it all week.",
  "Open mat at {gym}, then tacos. Every {day} from now on.",
  "Three months of drilling {sweep}. Hit it on a black belt today. He let me, but I'm counting it.",
  "Little thing that helped me today: frames first, then hip escape. Not the other way round.",
  "Looking for a no-gi training partner around {city}, roughly 80 kg, blue or purple. Message me!",
  "Gi or no-gi for the {day} open mat? Asking for my laundry basket.",
  "Taught my kid a {sweep} this morning. She used it on me immediately. Betrayal.",
  "Hosting a small open mat at {gym} this {day}. Mat fee goes to the kids' competition team.",
  "Spent open mat getting my guard passed by @{partner}. Worth it, learned where my frames go wrong.",
  "Ankle taped, ego checked, ready for open mat.",
  "Best part of open mat today: the 15-year-old blue belt who tapped everyone and then thanked each of us.",
  "Worked on staying calm in bad spots. Stayed under {position} for a full round. Breathed. Survived.",
  "Ninety minutes at {gym}. My forearms are toast.",
  "Seminar recap: grips before everything, and never give up the underhook in {position}.",
  "New gym, new faces. Dropped into {gym} in {city} and got some great rounds in.",
  "Feeling the {sub} click today. It's not strength, it's angle. Finally get it.",
  "Open mat playlist was all 80s power ballads. Best rounds of my life.",
];

/** One post's text, with its gaps filled. */
export function postText(r: Random, ctx: PostContext): string {
  return r
    .pick(TEMPLATES)
    .replaceAll("{gym}", ctx.gym)
    .replaceAll("{city}", ctx.city)
    .replaceAll("{partner}", ctx.partner)
    .replaceAll("{day}", r.pick(DAYS))
    .replaceAll("{sub}", r.pick(SUBMISSIONS))
    .replaceAll("{sweep}", r.pick(SWEEPS))
    .replaceAll("{position}", r.pick(POSITIONS));
}

/** Photo posts: the generated picture with a caption that fits it. */
export const PHOTO_CAPTIONS = {
  mat: [
    "Fresh mats at {gym}. Who's rolling tonight?",
    "Empty mats before the {day} open mat. The calm before the storm.",
    "Mat space for days at {gym}. Come through.",
  ],
  sunset: [
    "Drive home from open mat at {gym}. Sore and happy.",
    "Sunset after a long session in {city}. Good rounds today.",
    "Post-open-mat sky. Nothing hurts (everything hurts).",
  ],
  belt: [
    "New stripe! Thanks to everyone at {gym} who beat me up to get here.",
    "Tied it on for the first time. Let's go.",
    "Belt-test day at {gym}. Proud of the whole crew.",
  ],
  pattern: [
    "Open mat crew photo at {gym} (faces blurred for privacy, vibes intact).",
    "Sunday session at {gym}, everybody showed up.",
    "Team shirts came in! Wearing mine to the {day} open mat.",
  ],
} as const;
export type PhotoTheme = keyof typeof PHOTO_CAPTIONS;

export function photoCaption(r: Random, theme: PhotoTheme, ctx: PostContext): string {
  return r
    .pick(PHOTO_CAPTIONS[theme])
    .replaceAll("{gym}", ctx.gym)
    .replaceAll("{city}", ctx.city)
    .replaceAll("{day}", r.pick(DAYS));
}
