/**
 * The demo community's cast: fictional members of the open-mat scene. Each one's home gym
 * and city come from the demo schools when seeding; what is written here is who they are
 * and how much they post. Usernames follow the same rules as registration.
 */

/** Demo members' e-mails use this reserved domain (RFC 2606), so no mail ever leaves for them. */
export const DEMO_EMAIL_DOMAIN = "demo.openmat.invalid";

export interface DemoMember {
  username: string;
  belt: "White Belt" | "Blue Belt" | "Purple Belt" | "Brown Belt" | "Black Belt" | "Coral Belt";
  aboutMe: string;
  /** How often they post, relative to the others (1 = now and then, 3 = every other day). */
  activity: 1 | 2 | 3;
  /** Which profile fields they show publicly. */
  shares: ("belt" | "about" | "city" | "gym" | "badges")[];
  /** A coach or a well-known competitor: more members follow them. */
  known?: boolean;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    username: "coach_dani",
    belt: "Black Belt",
    aboutMe: "Head coach. Open mat is where the real learning happens.",
    activity: 3,
    shares: ["belt", "about", "city", "gym", "badges"],
    known: true,
  },
  {
    username: "rafa_berimbolo",
    belt: "Purple Belt",
    aboutMe: "Inverting since 2016. Chiropractor's favourite patient.",
    activity: 3,
    shares: ["belt", "about", "city", "gym"],
  },
  {
    username: "kimura_kate",
    belt: "Blue Belt",
    aboutMe: "Nurse by day, kimura trap enthusiast by night.",
    activity: 2,
    shares: ["belt", "about", "city"],
  },
  {
    username: "marcus.closedguard",
    belt: "Brown Belt",
    aboutMe: "Old-school closed guard. Patience is a submission.",
    activity: 2,
    shares: ["belt", "gym"],
  },
  {
    username: "tiago_toreando",
    belt: "Black Belt",
    aboutMe: "Passing is a conversation. I talk fast.",
    activity: 2,
    shares: ["belt", "about", "city", "gym", "badges"],
    known: true,
  },
  {
    username: "leglock_lenny",
    belt: "Purple Belt",
    aboutMe: "Tap early, tap often.",
    activity: 3,
    shares: [],
  },
  {
    username: "jojo_armdrag",
    belt: "Blue Belt",
    aboutMe: "Former wrestler learning to love the guard.",
    activity: 1,
    shares: ["belt", "city"],
  },
  {
    username: "sofia.triangles",
    belt: "Purple Belt",
    aboutMe: "Long legs, bad intentions. Competes in the masters division.",
    activity: 2,
    shares: ["belt", "about", "city", "gym", "badges"],
  },
  {
    username: "big_ben_pressure",
    belt: "White Belt",
    aboutMe: "Two stripes and a lot of weight.",
    activity: 1,
    shares: ["belt"],
  },
  {
    username: "mat_rat_mia",
    belt: "White Belt",
    aboutMe: "Six months in. Trying every open mat in town.",
    activity: 3,
    shares: ["belt", "about", "city", "badges"],
  },
  {
    username: "dadbod_grappler",
    belt: "Blue Belt",
    aboutMe: "Three kids, one gi, zero cardio.",
    activity: 2,
    shares: ["belt", "about"],
  },
  {
    username: "nogi_nate",
    belt: "Purple Belt",
    aboutMe: "Rashguard season is every season.",
    activity: 2,
    shares: [],
  },
  {
    username: "halfguard_hana",
    belt: "Brown Belt",
    aboutMe: "Deep half or no half.",
    activity: 1,
    shares: ["belt", "about", "gym"],
  },
  {
    username: "wrestle_ray",
    belt: "Blue Belt",
    aboutMe: "D1 wrestling, now a humble blue belt.",
    activity: 1,
    shares: ["belt", "city"],
  },
  {
    username: "omoplata_omar",
    belt: "Purple Belt",
    aboutMe: "Shoulder locks and good coffee.",
    activity: 2,
    shares: ["belt", "about", "city", "gym"],
  },
  {
    username: "spider.guard.sam",
    belt: "Blue Belt",
    aboutMe: "Grips for days.",
    activity: 1,
    shares: ["belt"],
  },
  {
    username: "white_belt_will",
    belt: "White Belt",
    aboutMe: "First stripe, first open mat, first time getting smashed.",
    activity: 2,
    shares: ["belt", "about"],
  },
  {
    username: "leo_lapel",
    belt: "Brown Belt",
    aboutMe: "Worm guard apologist.",
    activity: 1,
    shares: ["belt", "about", "gym"],
  },
  {
    username: "grace_underpressure",
    belt: "Purple Belt",
    aboutMe: "Software engineer, bottom-half specialist.",
    activity: 2,
    shares: ["belt", "about", "city", "gym", "badges"],
  },
  {
    username: "kenji_kesa",
    belt: "Black Belt",
    aboutMe: "Judo black belt, BJJ black belt, professional dad.",
    activity: 1,
    shares: ["belt", "about", "city", "gym"],
    known: true,
  },
  {
    username: "tapped_tina",
    belt: "White Belt",
    aboutMe: "Learning by getting caught.",
    activity: 1,
    shares: ["belt"],
  },
  {
    username: "drew_the_dog",
    belt: "Blue Belt",
    aboutMe: "Scrambles > position.",
    activity: 2,
    shares: ["city"],
  },
  {
    username: "olive.oil.escape",
    belt: "White Belt",
    aboutMe: "Impossible to hold down, impossible to submit anyone.",
    activity: 1,
    shares: ["belt", "about"],
  },
  {
    username: "zoe_z_guard",
    belt: "Purple Belt",
    aboutMe: "Z-guard, knee shield, repeat.",
    activity: 2,
    shares: ["belt", "city", "gym"],
  },
  {
    username: "bruno_baseplate",
    belt: "Brown Belt",
    aboutMe: "Pressure passer. Sorry in advance.",
    activity: 1,
    shares: ["belt", "about"],
  },
  {
    username: "shrimp_sarah",
    belt: "White Belt",
    aboutMe: "Hip escapes are my cardio.",
    activity: 2,
    shares: ["belt", "about", "city"],
  },
  {
    username: "priya_pass",
    belt: "Blue Belt",
    aboutMe: "Physio. I will tell you to tap for your own good.",
    activity: 2,
    shares: ["belt", "about", "city", "gym"],
  },
  {
    username: "carlos_crossface",
    belt: "Black Belt",
    aboutMe: "Twenty years on the mats. Still learning.",
    activity: 1,
    shares: ["belt", "about", "gym", "badges"],
    known: true,
  },
  { username: "the_sweep_theo", belt: "Blue Belt", aboutMe: "Butterfly hooks in.", activity: 1, shares: [] },
  {
    username: "mateo.matwork",
    belt: "Purple Belt",
    aboutMe: "Travelling for work, rolling everywhere.",
    activity: 3,
    shares: ["belt", "about", "city", "badges"],
  },
  {
    username: "evan_everyday",
    belt: "White Belt",
    aboutMe: "Trying to train every day this year.",
    activity: 3,
    shares: ["belt", "about"],
  },
  {
    username: "lucia_lasso",
    belt: "Brown Belt",
    aboutMe: "Lasso guard and long walks.",
    activity: 1,
    shares: ["belt", "gym"],
  },
  {
    username: "old_guard_greg",
    belt: "Brown Belt",
    aboutMe: "Masters 4. Knees older than most of you.",
    activity: 2,
    shares: ["belt", "about", "city"],
  },
  {
    username: "jess_judoka",
    belt: "Blue Belt",
    aboutMe: "Judo first, jiu-jitsu forever.",
    activity: 1,
    shares: ["belt", "about"],
  },
  {
    username: "quinn_kneecut",
    belt: "Purple Belt",
    aboutMe: "Knee cut, every time.",
    activity: 1,
    shares: ["belt"],
  },
  {
    username: "master_hugo",
    belt: "Coral Belt",
    aboutMe: "Still shows up to open mat on Sundays.",
    activity: 1,
    shares: ["belt", "about", "city", "gym", "badges"],
    known: true,
  },
];
