/**
 * What other domains' lazily loaded pages may use of the people domain: the follow button and the
 * member list (the profile and group pages). The first route uses ./index.ts.
 */
export { FollowButton } from './FollowButton';
export { PersonList, type ListedPerson } from './PersonList';
export { reasonOf } from './reason';
export { useListPeopleQuery } from './peopleApi';
