/**
 * The icons content may use, by name. Pages render on the server, so an icon costs no JavaScript;
 * the list is curated so the server bundle does not carry all of lucide.
 */
import {
  Activity, BadgeCheck, BarChart3, Blocks, Bot, BrainCircuit, Briefcase, Building2, Cloud, CloudCog, CloudUpload,
  Code2, Coins, Container, Cpu, Database, DatabaseZap, DollarSign, Eye, FileCheck2, FileLock2, FileSearch, Fingerprint,
  GitBranch, GitMerge, Gauge, Globe2, GraduationCap, Handshake, HardDrive, HeartHandshake, Key, Layers, LineChart,
  Lock, MapPin, Network, Rocket, Scale, ScanSearch, Search, Server, Settings2, Shield, ShieldAlert, ShieldCheck,
  Sparkles, Target, Timer, TrendingUp, Users, Wallet, Workflow, Wrench, Zap,
} from 'lucide-react';

export const icons = {
  Activity, BadgeCheck, BarChart3, Blocks, Bot, BrainCircuit, Briefcase, Building2, Cloud, CloudCog, CloudUpload,
  Code2, Coins, Container, Cpu, Database, DatabaseZap, DollarSign, Eye, FileCheck2, FileLock2, FileSearch, Fingerprint,
  GitBranch, GitMerge, Gauge, Globe2, GraduationCap, Handshake, HardDrive, HeartHandshake, Key, Layers, LineChart,
  Lock, MapPin, Network, Rocket, Scale, ScanSearch, Search, Server, Settings2, Shield, ShieldAlert, ShieldCheck,
  Sparkles, Target, Timer, TrendingUp, Users, Wallet, Workflow, Wrench, Zap,
} as const;

export type IconName = keyof typeof icons;
