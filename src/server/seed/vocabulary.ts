/** Word lists for realistic bilingual titles, names and institutions. Each pair is [Chinese, English]. */
import type { Field } from './site-data.ts';

export type Pair = readonly [string, string];

export const SURNAMES: readonly Pair[] = [
  ['王', 'Wang'], ['李', 'Li'], ['张', 'Zhang'], ['刘', 'Liu'], ['陈', 'Chen'], ['杨', 'Yang'], ['赵', 'Zhao'],
  ['黄', 'Huang'], ['周', 'Zhou'], ['吴', 'Wu'], ['徐', 'Xu'], ['孙', 'Sun'], ['胡', 'Hu'], ['朱', 'Zhu'],
  ['高', 'Gao'], ['林', 'Lin'], ['何', 'He'], ['郭', 'Guo'], ['马', 'Ma'], ['罗', 'Luo'], ['梁', 'Liang'],
  ['宋', 'Song'], ['郑', 'Zheng'], ['谢', 'Xie'], ['韩', 'Han'], ['唐', 'Tang'], ['冯', 'Feng'], ['于', 'Yu'],
  ['董', 'Dong'], ['萧', 'Xiao'], ['程', 'Cheng'], ['曹', 'Cao'], ['袁', 'Yuan'], ['邓', 'Deng'], ['许', 'Xu'],
  ['傅', 'Fu'], ['沈', 'Shen'], ['曾', 'Zeng'], ['彭', 'Peng'], ['吕', 'Lü'], ['欧阳', 'Ouyang'],
];

export const GIVEN_SYLLABLES: readonly Pair[] = [
  ['伟', 'wei'], ['芳', 'fang'], ['娜', 'na'], ['敏', 'min'], ['静', 'jing'], ['丽', 'li'], ['强', 'qiang'],
  ['磊', 'lei'], ['军', 'jun'], ['洋', 'yang'], ['勇', 'yong'], ['艳', 'yan'], ['杰', 'jie'], ['涛', 'tao'],
  ['明', 'ming'], ['超', 'chao'], ['秀', 'xiu'], ['霞', 'xia'], ['平', 'ping'], ['刚', 'gang'], ['桂', 'gui'],
  ['晓', 'xiao'], ['建', 'jian'], ['志', 'zhi'], ['海', 'hai'], ['文', 'wen'], ['华', 'hua'], ['玉', 'yu'],
  ['鹏', 'peng'], ['宇', 'yu'], ['浩', 'hao'], ['博', 'bo'], ['凯', 'kai'], ['琳', 'lin'], ['婷', 'ting'],
  ['晨', 'chen'], ['亮', 'liang'], ['辉', 'hui'], ['欣', 'xin'], ['嘉', 'jia'], ['睿', 'rui'], ['思', 'si'],
];

export const WESTERN_FIRST = [
  'James', 'Maria', 'David', 'Anna', 'Thomas', 'Sophie', 'Daniel', 'Laura', 'Michael', 'Elena', 'Peter', 'Julia',
  'Robert', 'Clara', 'Lukas', 'Emma', 'Hiroshi', 'Yuki', 'Rahul', 'Priya', 'Ahmed', 'Olga', 'Marco', 'Ingrid',
] as const;
export const WESTERN_LAST = [
  'Smith', 'Müller', 'Johnson', 'Rossi', 'Brown', 'Schmidt', 'García', 'Martin', 'Tanaka', 'Kumar', 'Novak',
  'Andersson', 'Dubois', 'Wilson', 'Kowalski', 'Fischer', 'Taylor', 'Moreau', 'Sato', 'Petrov', 'Nguyen', 'Evans',
] as const;

export const UNIVERSITIES: readonly (readonly [string, string, string])[] = [
  ['北京科技大学', 'University of Science and Technology Beijing', '北京 100083'],
  ['清华大学', 'Tsinghua University', '北京 100084'],
  ['上海交通大学', 'Shanghai Jiao Tong University', '上海 200240'],
  ['东北大学', 'Northeastern University', '沈阳 110819'],
  ['中南大学', 'Central South University', '长沙 410083'],
  ['西北工业大学', 'Northwestern Polytechnical University', '西安 710072'],
  ['哈尔滨工业大学', 'Harbin Institute of Technology', '哈尔滨 150001'],
  ['浙江大学', 'Zhejiang University', '杭州 310027'],
  ['华中科技大学', 'Huazhong University of Science and Technology', '武汉 430074'],
  ['电子科技大学', 'University of Electronic Science and Technology of China', '成都 611731'],
  ['中国科学院金属研究所', 'Institute of Metal Research, Chinese Academy of Sciences', '沈阳 110016'],
  ['南京大学', 'Nanjing University', '南京 210023'],
  ['四川大学', 'Sichuan University', '成都 610065'],
  ['河南大学', 'Henan University', '开封 475004'],
  ['广东职业技术学院', 'Guangdong Polytechnic', '广州 510520'],
  ['深圳职业技术大学', 'Shenzhen Polytechnic University', '深圳 518055'],
];

export const DEPARTMENTS: Readonly<Record<Field, readonly Pair[]>> = {
  materials: [['材料科学与工程学院', 'School of Materials Science and Engineering'], ['冶金学院', 'School of Metallurgy'], ['新材料技术研究院', 'Institute for Advanced Materials and Technology']],
  electromagnetics: [['电子工程学院', 'School of Electronic Engineering'], ['信息与通信工程学院', 'School of Information and Communication Engineering'], ['微波技术研究所', 'Institute of Microwave Technology']],
  education: [['教育学院', 'School of Education'], ['职业教育研究所', 'Institute of Vocational Education'], ['马克思主义学院', 'School of Marxism']],
  chemistry: [['化学化工学院', 'College of Chemistry and Chemical Engineering'], ['环境与化学工程学院', 'School of Environmental and Chemical Engineering'], ['功能分子研究中心', 'Center for Functional Molecules']],
};

export type FieldWords = {
  subjects: readonly Pair[];
  properties: readonly Pair[];
  methods: readonly Pair[];
  extras: readonly Pair[];
  columns: readonly Pair[];
  journals: readonly Pair[];
};

export const FIELD_WORDS: Readonly<Record<Field, FieldWords>> = {
  materials: {
    subjects: [
      ['AZ31镁合金', 'AZ31 magnesium alloy'], ['TC4钛合金', 'TC4 titanium alloy'], ['CoCrFeNi高熵合金', 'CoCrFeNi high-entropy alloy'],
      ['石墨烯/铝复合材料', 'graphene/aluminium composites'], ['钙钛矿薄膜', 'perovskite thin films'], ['镍基高温合金', 'nickel-based superalloys'],
      ['316L不锈钢', '316L stainless steel'], ['碳纤维增强树脂基复合材料', 'carbon-fibre-reinforced polymer composites'],
      ['热障涂层', 'thermal barrier coatings'], ['NiTi形状记忆合金', 'NiTi shape memory alloy'], ['纳米晶铜', 'nanocrystalline copper'],
      ['高强度低合金钢', 'high-strength low-alloy steel'], ['锂离子电池高镍正极', 'Ni-rich cathodes for lithium-ion batteries'],
    ],
    properties: [
      ['微观组织与力学性能', 'microstructure and mechanical properties'], ['耐腐蚀性能', 'corrosion resistance'], ['高温蠕变行为', 'high-temperature creep behaviour'],
      ['疲劳裂纹扩展', 'fatigue crack growth'], ['摩擦磨损性能', 'tribological properties'], ['氢脆敏感性', 'hydrogen embrittlement susceptibility'],
      ['热稳定性', 'thermal stability'], ['析出强化机制', 'precipitation strengthening mechanisms'], ['电化学性能', 'electrochemical performance'],
    ],
    methods: [
      ['激光选区熔化', 'selective laser melting'], ['等通道转角挤压', 'equal-channel angular pressing'], ['搅拌摩擦加工', 'friction stir processing'],
      ['第一性原理计算', 'first-principles calculations'], ['原位透射电镜', 'in situ transmission electron microscopy'], ['机器学习辅助设计', 'machine-learning-assisted design'],
      ['热等静压', 'hot isostatic pressing'], ['磁控溅射', 'magnetron sputtering'],
    ],
    extras: [['晶粒细化', 'grain refinement'], ['位错', 'dislocation'], ['相变', 'phase transformation'], ['增材制造', 'additive manufacturing'], ['界面', 'interface']],
    columns: [['研究论文', 'Research Articles'], ['综述', 'Reviews'], ['快报', 'Letters'], ['专题：增材制造', 'Special Topic: Additive Manufacturing']],
    journals: [['金属学报', 'Acta Metallurgica Sinica'], ['材料研究学报', 'Chinese Journal of Materials Research'], ['Acta Materialia', 'Acta Materialia'], ['Scripta Materialia', 'Scripta Materialia'], ['Corrosion Science', 'Corrosion Science']],
  },
  electromagnetics: {
    subjects: [
      ['超材料天线', 'metamaterial antennas'], ['毫米波相控阵', 'millimetre-wave phased arrays'], ['微带滤波器', 'microstrip filters'],
      ['太赫兹波导', 'terahertz waveguides'], ['频率选择表面', 'frequency selective surfaces'], ['MIMO雷达', 'MIMO radar'],
      ['可重构智能表面', 'reconfigurable intelligent surfaces'], ['宽带功率放大器', 'broadband power amplifiers'], ['电磁兼容结构', 'electromagnetic compatibility structures'],
    ],
    properties: [
      ['辐射特性', 'radiation characteristics'], ['带宽与增益', 'bandwidth and gain'], ['散射特性', 'scattering characteristics'],
      ['电磁屏蔽效能', 'shielding effectiveness'], ['波束赋形性能', 'beamforming performance'], ['互耦抑制', 'mutual coupling suppression'], ['传输损耗', 'transmission loss'],
    ],
    methods: [
      ['时域有限差分法', 'the finite-difference time-domain method'], ['矩量法', 'the method of moments'], ['深度学习', 'deep learning'],
      ['遗传算法优化', 'genetic algorithm optimisation'], ['等效电路模型', 'equivalent circuit modelling'], ['近场测量', 'near-field measurement'],
    ],
    extras: [['天线', 'antenna'], ['5G通信', '5G communication'], ['雷达散射截面', 'radar cross section'], ['阻抗匹配', 'impedance matching'], ['低剖面', 'low profile']],
    columns: [['研究论文', 'Research Articles'], ['综述', 'Reviews'], ['技术报告', 'Technical Reports'], ['微波工程', 'Microwave Engineering']],
    journals: [['电子学报', 'Acta Electronica Sinica'], ['微波学报', 'Journal of Microwaves'], ['IEEE Transactions on Antennas and Propagation', 'IEEE Transactions on Antennas and Propagation'], ['IEEE Microwave and Wireless Technology Letters', 'IEEE Microwave and Wireless Technology Letters']],
  },
  education: {
    subjects: [
      ['产教融合', 'industry-education integration'], ['双高计划院校', 'double high-level plan colleges'], ['课程思政', 'ideological and political education in courses'],
      ['职业技能等级证书', 'vocational skill level certificates'], ['现代学徒制', 'the modern apprenticeship system'], ['数字化教学资源', 'digital teaching resources'],
      ['高职院校教师队伍', 'teaching staff of higher vocational colleges'], ['1+X证书制度', 'the 1+X certificate system'],
    ],
    properties: [
      ['实施路径', 'implementation pathways'], ['质量评价体系', 'quality evaluation systems'], ['现实困境与对策', 'dilemmas and countermeasures'],
      ['协同育人机制', 'collaborative education mechanisms'], ['发展逻辑', 'developmental logic'], ['效果评估', 'effectiveness evaluation'],
    ],
    methods: [
      ['扎根理论', 'grounded theory'], ['问卷调查', 'a questionnaire survey'], ['案例分析', 'case analysis'],
      ['CIPP模型', 'the CIPP model'], ['社会网络分析', 'social network analysis'], ['比较研究', 'comparative study'],
    ],
    extras: [['职业教育', 'vocational education'], ['高等职业院校', 'higher vocational colleges'], ['人才培养', 'talent cultivation'], ['校企合作', 'school-enterprise cooperation']],
    columns: [['职教理论', 'Vocational Education Theory'], ['教学改革', 'Teaching Reform'], ['专业建设', 'Programme Development'], ['比较职教', 'Comparative Vocational Education']],
    journals: [['中国职业技术教育', 'Chinese Vocational and Technical Education'], ['职业技术教育', 'Vocational and Technical Education'], ['教育研究', 'Educational Research']],
  },
  chemistry: {
    subjects: [
      ['金属有机框架材料', 'metal-organic frameworks'], ['单原子催化剂', 'single-atom catalysts'], ['共价有机框架', 'covalent organic frameworks'],
      ['碳量子点', 'carbon quantum dots'], ['离子液体', 'ionic liquids'], ['钯催化交叉偶联反应', 'palladium-catalysed cross-coupling reactions'],
      ['二氧化碳电还原', 'CO2 electroreduction'], ['荧光探针', 'fluorescent probes'], ['水系锌离子电池', 'aqueous zinc-ion batteries'],
    ],
    properties: [
      ['合成与表征', 'synthesis and characterisation'], ['催化性能', 'catalytic performance'], ['吸附性能', 'adsorption performance'],
      ['光物理性质', 'photophysical properties'], ['反应机理', 'reaction mechanism'], ['结构调控', 'structural regulation'], ['稳定性', 'stability'],
    ],
    methods: [
      ['密度泛函理论计算', 'density functional theory calculations'], ['水热合成', 'hydrothermal synthesis'], ['原位红外光谱', 'in situ infrared spectroscopy'],
      ['X射线吸收谱', 'X-ray absorption spectroscopy'], ['分子动力学模拟', 'molecular dynamics simulation'], ['微波辅助合成', 'microwave-assisted synthesis'],
    ],
    extras: [['催化', 'catalysis'], ['纳米材料', 'nanomaterials'], ['电化学', 'electrochemistry'], ['绿色化学', 'green chemistry'], ['配位化学', 'coordination chemistry']],
    columns: [['研究论文', 'Research Articles'], ['综述与进展', 'Reviews and Progress'], ['研究快报', 'Communications'], ['化学教育', 'Chemical Education']],
    journals: [['化学学报', 'Acta Chimica Sinica'], ['高等学校化学学报', 'Chemical Journal of Chinese Universities'], ['Journal of the American Chemical Society', 'Journal of the American Chemical Society'], ['Angewandte Chemie International Edition', 'Angewandte Chemie International Edition']],
  },
};

export const FUNDS: readonly Pair[] = [
  ['国家自然科学基金', 'National Natural Science Foundation of China'],
  ['国家重点研发计划', 'National Key Research and Development Program of China'],
  ['中国博士后科学基金', 'China Postdoctoral Science Foundation'],
  ['教育部人文社会科学研究项目', 'Humanities and Social Sciences Project of the Ministry of Education'],
  ['省自然科学基金', 'Provincial Natural Science Foundation'],
];
